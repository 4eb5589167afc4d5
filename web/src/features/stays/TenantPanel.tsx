/** Placeholder of the stays slice (tenant management), which replaces this file; the room detail renders it. */
export function TenantPanel(_props: { roomId: number }) {
  return null;
}
