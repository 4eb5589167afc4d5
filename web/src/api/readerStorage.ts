import { STORAGE_KEYS } from '@lockdesk/protocol';
import { cardService } from '../cardService/service.ts';

/**
 * The caller's reader as local storage keeps it (spec §3): `cardSenderID`, the remote reader's device id from
 * `cardDispenser/getUserBind`, and the card-dispenser type ("4" shows the CPU card menu).
 */

function write(key: string, value: string): void {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // Storage refused (private mode): the server keeps the binding.
  }
}

function read(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** Keeps the caller's bound reader as `cardSenderID` (empty: none bound). */
export function storeReaderId(macId: string): void {
  write(STORAGE_KEYS.cardSenderID, macId);
  // The card service read `cardSenderID` when it started: tell it, so the remote reader uses the bound one now.
  const service = cardService();
  if (macId && service.deviceId() !== macId.toUpperCase()) {
    service.setDeviceId(macId);
    if (service.kind === 4) void service.refresh();
  }
}

/** The caller's bound reader (`cardSenderID`), '' when none. */
export function storedReaderId(): string {
  return read(STORAGE_KEYS.cardSenderID);
}

/** Keeps the caller's card-dispenser type. */
export function storeDispenserType(type: string): void {
  write(STORAGE_KEYS.cardDispenserType, type);
}

/** The caller's card-dispenser type, '' when none. */
export function storedDispenserTypeText(): string {
  return read(STORAGE_KEYS.cardDispenserType);
}
