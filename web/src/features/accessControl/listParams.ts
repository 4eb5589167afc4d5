/**
 * The equipment page's state in the URL (reload, back and a shared link keep it): the tab, the access-control
 * tab's room name, group and page, the firmware tab's keyword and page. Anything unreadable falls back to its
 * default.
 */
export const EQUIPMENT_TABS = ['access', 'firmware'] as const;
export type EquipmentTab = (typeof EQUIPMENT_TABS)[number];

export const PAGE_SIZE = 20;
export const SEARCH_MAX = 50;

export interface EquipmentState {
  tab: EquipmentTab;
  /** Room name search. */
  name?: string | undefined;
  /** Room group id; 0 = rooms without a group. */
  group?: number | undefined;
  page: number;
  /** Firmware keyword. */
  keyword?: string | undefined;
  fpage: number;
}

const whole = (raw: string | null, min: number): number | undefined => {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min ? n : undefined;
};

const text = (raw: string | null): string | undefined => raw?.trim().slice(0, SEARCH_MAX) || undefined;

export function readEquipment(search: URLSearchParams): EquipmentState {
  const tab = search.get('tab');
  return {
    tab: tab === 'firmware' ? 'firmware' : 'access',
    name: text(search.get('name')),
    group: whole(search.get('group'), 0),
    page: whole(search.get('page'), 1) ?? 1,
    keyword: text(search.get('keyword')),
    fpage: whole(search.get('fpage'), 1) ?? 1,
  };
}

/** The state as search params, defaults left out so plain links stay plain. */
export function writeEquipment(state: EquipmentState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.tab !== 'access') out.set('tab', state.tab);
  if (state.name) out.set('name', state.name);
  if (state.group !== undefined) out.set('group', String(state.group));
  if (state.page > 1) out.set('page', String(state.page));
  if (state.keyword) out.set('keyword', state.keyword);
  if (state.fpage > 1) out.set('fpage', String(state.fpage));
  return out;
}

/** A firmware version as the server takes it (server/API.md §13.2). */
export const FIRMWARE_VERSION = /^[vV]?\d{1,5}(\.\d{1,5}){1,3}([-+][0-9A-Za-z.-]{1,20})?$/;
/** The largest firmware file the server takes. */
export const FIRMWARE_MAX_BYTES = 8 * 1024 * 1024;
/** The file name endings the server takes. */
export const FIRMWARE_EXTENSIONS = ['.bin', '.zip'] as const;

/** Why a chosen file cannot be a firmware ('type' or 'size'), or undefined. */
export function firmwareFileProblem(file: { name: string; size: number }): 'type' | 'size' | undefined {
  const name = file.name.toLowerCase();
  if (!FIRMWARE_EXTENSIONS.some((ending) => name.endsWith(ending))) return 'type';
  if (file.size > FIRMWARE_MAX_BYTES) return 'size';
  return undefined;
}
