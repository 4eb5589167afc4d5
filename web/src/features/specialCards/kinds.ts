import { CARD_TYPE } from '@lockdesk/protocol';
import { getUserInfo, type UserInfo } from '../../api/session.ts';
import { PATHS } from '../../app/paths.ts';
import { can } from '../../app/permissions.ts';

/** The special cards of the /card section: master, building and floor (room/cardList), universal and super. */
export type FeatureKind = 'master' | 'building' | 'floor';

export interface FeatureKindInfo {
  kind: FeatureKind;
  type: 1 | 2 | 3;
  listPath: string;
  addPath: string;
  /** Text keys under titles. */
  listTitle: 'master' | 'building' | 'floor';
  addTitle: 'addMaster' | 'addBuilding' | 'addFloor';
}

export const FEATURE_KINDS: Record<FeatureKind, FeatureKindInfo> = {
  master: {
    kind: 'master',
    type: CARD_TYPE.master,
    listPath: PATHS.masterControlCard,
    addPath: PATHS.addMasterControlCard,
    listTitle: 'master',
    addTitle: 'addMaster',
  },
  building: {
    kind: 'building',
    type: CARD_TYPE.building,
    listPath: PATHS.BuildingCard,
    addPath: PATHS.addBuildingCard,
    listTitle: 'building',
    addTitle: 'addBuilding',
  },
  floor: {
    kind: 'floor',
    type: CARD_TYPE.floor,
    listPath: PATHS.floorCard,
    addPath: PATHS.addFloorCard,
    listTitle: 'floor',
    addTitle: 'addFloor',
  },
};

/** The list page a card of a type belongs to. */
export function listPathOf(type: number): string {
  if (type === CARD_TYPE.master) return PATHS.masterControlCard;
  if (type === CARD_TYPE.building) return PATHS.BuildingCard;
  if (type === CARD_TYPE.floor) return PATHS.floorCard;
  return PATHS.universalCardList;
}

/** The signed-in account's role as its login answered it ('' when unknown). */
export function roleOf(user: UserInfo | undefined = getUserInfo()): string {
  const role = user?.['role'];
  return typeof role === 'string' ? role : '';
}

/**
 * Whether the account may issue a card of this type (spec §6): every card needs credential.manage; master and
 * super cards only the super administrator (a secondary administrator's master card is not valid). An account
 * whose role the console cannot tell is let through: the server decides.
 */
export function canIssue(type: number, user: UserInfo | undefined = getUserInfo()): boolean {
  if (!can('credential.manage', user)) return false;
  const role = roleOf(user);
  if ((type === CARD_TYPE.master || type === CARD_TYPE.super) && role !== '' && role !== 'super')
    return false;
  return true;
}

/** Whether the account may delete cards (credential.manage). */
export function canManageCards(user: UserInfo | undefined = getUserInfo()): boolean {
  return can('credential.manage', user);
}

/** The /card/setTime link of a card (its record id, type and number; the page finds it by those). */
export function setTimeLink(card: { id: number; type: number; card_id: string }): string {
  const q = new URLSearchParams({ id: String(card.id), type: String(card.type), card: card.card_id });
  return `${PATHS.setTime}?${q.toString()}`;
}
