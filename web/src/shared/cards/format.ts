import type { KeyCardStatus } from '@lockdesk/protocol';
import type { TFunction } from 'i18next';
import type { CardType } from '../../api/cards.ts';

/** The texts key of each card type (spec §3: 1 master, 2 building, 3 floor, 4 normal; 5 universal, 6 super). */
export const TYPE_KEYS: Record<CardType, string> = {
  1: 'master',
  2: 'building',
  3: 'floor',
  4: 'normal',
  5: 'universal',
  6: 'super',
};

/** A card type's name in the current language (the server's type_name when the type is unknown). */
export function typeName(t: TFunction, type: number, fallback = ''): string {
  const key = TYPE_KEYS[type as CardType];
  return key ? t(`type.${key}`) : fallback || String(type);
}

/** Tag colours of the card statuses the console lists (a 'void' plan takes the default colour). */
export const STATUS_COLOURS: Partial<Record<KeyCardStatus, string>> = {
  pending: 'gold',
  issued: 'green',
  withdrawn: 'default',
  deleted: 'red',
};

/** A parsed positive integer of the URL, else undefined. */
export function positiveInt(value: string | null): number | undefined {
  if (!value) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
