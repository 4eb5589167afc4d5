/** Placeholder of the stays slice (passwords), which replaces this file; the room detail renders it. */
export function PasswordPanel(_props: { roomId: number; stayId?: number }) {
  return null;
}
