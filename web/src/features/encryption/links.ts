/** The encryption pages' paths (children of /center in src/routes.tsx). */
export const ENCRYPTION_PATHS = {
  settings: '/center/cardEncryption',
  sectors: '/center/cardEncryptionByUserSelectSector',
  card: '/center/cardEncryptionPage',
  cards: '/center/cardEncryptionManagement',
} as const;

/** The encrypt-or-decrypt page for a card, decrypting when asked and naming the card expected on the encoder. */
export function cardPageUrl(mode: 'encrypt' | 'decrypt', uid?: string): string {
  const params = new URLSearchParams({ mode });
  if (uid) params.set('uid', uid);
  return `${ENCRYPTION_PATHS.card}?${params.toString()}`;
}
