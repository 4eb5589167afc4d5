import { cardEncryptionCalls, type EncryptionState as ProtocolEncryptionState } from '@lockdesk/protocol';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type CheckData,
  cardsKeys,
  getCheckData,
  type ReadBlocks,
  sendCardDecodeSyntony,
  sendCardEncryption,
  sendCardEncryptionSyntony,
} from '../../api/cards.ts';
import { callManage } from '../../api/client.ts';
import type { CardWritePlan } from '../../cardService/types.ts';
import { storeEncryptedSectors } from './sectors.ts';

/**
 * The hotel's card encryption calls (contract B 'Cards', server/API.md §8) as react-query hooks: its state,
 * sectors and cards, turning it on or off. The plan that (de)encrypts a card and its confirmation are the cards
 * feature's calls (features/cards/api.ts), used here as the card service's allocate and confirm.
 */

// The hotel's encryption state as the server answers it: declared with the encryption calls' contracts.
export type { EncryptionCard } from '@lockdesk/protocol';

/** The encryption state the page shows (room/cardEncryptionList, without its paging). */
export type EncryptionState = Pick<
  ProtocolEncryptionState,
  'enabled' | 'sectors' | 'encrypted_cards' | 'cards'
>;

export const encryptionKeys = {
  all: ['encryption'] as const,
  state: () => [...encryptionKeys.all, 'state'] as const,
};

/** The hotel's encryption state, sectors and cards; keeps the sectors in local storage (`encryptedSectors`). */
export function useEncryptionState(): UseQueryResult<EncryptionState> {
  return useQuery({
    queryKey: encryptionKeys.state(),
    queryFn: async () => {
      const state = await callManage(cardEncryptionCalls.cardEncryptionList, {});
      const normalised: EncryptionState = {
        enabled: Boolean(state?.enabled),
        sectors: Array.isArray(state?.sectors) ? state.sectors.map(Number) : [],
        encrypted_cards: Number(state?.encrypted_cards ?? 0),
        cards: Array.isArray(state?.cards) ? state.cards : [],
      };
      storeEncryptedSectors(normalised.enabled ? normalised.sectors : []);
      return normalised;
    },
  });
}

/** Turns encryption on with these sectors (super administrator). Invalidates the encryption state. */
export function useEnableEncryption(): UseMutationResult<unknown, Error, number[]> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sectors: number[]) => callManage(cardEncryptionCalls.enableCardEncryption, { sectors }),
    onSuccess: (_answer, sectors) => {
      storeEncryptedSectors(sectors);
      return client.invalidateQueries({ queryKey: encryptionKeys.all });
    },
  });
}

/** Turns encryption off (new cards keep transport keys). Invalidates the encryption state. */
export function useDisableEncryption(): UseMutationResult<unknown, Error, void> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callManage(cardEncryptionCalls.disableCardEncryption, {}),
    onSuccess: () => {
      storeEncryptedSectors([]);
      return client.invalidateQueries({ queryKey: encryptionKeys.all });
    },
  });
}

/** The card calls a (de)encryption runs around the encoder (the cards feature's); tests inject fakes. */
export interface EncryptionCalls {
  plan(uid: string, decrypt: boolean): Promise<CardWritePlan>;
  confirm(uid: string, decrypt: boolean, blocks: ReadBlocks): Promise<unknown>;
  /** The keys that read the card (what a (de)encryption needs of room/getCheckData's answer). */
  checkData(uid: string): Promise<Omit<CheckData, 'uid'>>;
}

/** `room/sendCardEncryption`, then `sendCardEncryptionSyntony` or `sendCardDecodeSyntony`; `room/getCheckData`. */
export const encryptionCalls: EncryptionCalls = {
  plan: (uid, decrypt) => sendCardEncryption({ uid, decrypt: decrypt ? 1 : 0 }),
  confirm: (uid, decrypt, blocks) =>
    decrypt ? sendCardDecodeSyntony({ uid, blocks }) : sendCardEncryptionSyntony({ uid, blocks }),
  checkData: getCheckData,
};

/** After a card was (de)encrypted: this feature's list and every card list change. */
export function useInvalidateEncryption(): () => Promise<unknown> {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: encryptionKeys.all }),
      client.invalidateQueries({ queryKey: cardsKeys.all }),
    ]);
}
