import { positiveParam } from '../../app/listState.ts';
import type { PickerQuery, StaffQuery, StaffRole } from './api.ts';

/**
 * The staff pages' state as URL search params, so reload, back and a shared link keep it. Anything unreadable in
 * a hand-edited URL falls back to its default rather than breaking the page.
 */

export const STAFF_PAGE_SIZE = 20;
export const PICKER_PAGE_SIZE = 50;
export const KEYWORD_MAX = 50;

const keyword = (raw: string | null) => raw?.trim().slice(0, KEYWORD_MAX) || undefined;

export interface StaffListState {
  role: StaffRole;
  name?: string | undefined;
  page: number;
}

export function readStaffList(search: URLSearchParams): StaffListState {
  return {
    role: search.get('tab') === 'secondary' ? 'secondary' : 'staff',
    name: keyword(search.get('name')),
    page: positiveParam(search.get('page')) ?? 1,
  };
}

export function writeStaffList(state: StaffListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.role === 'secondary') out.set('tab', 'secondary');
  if (state.name) out.set('name', state.name);
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

export function staffQuery(state: StaffListState): StaffQuery {
  return { role: state.role, name: state.name, page: state.page, limit: STAFF_PAGE_SIZE };
}

export type GrantedFilter = 'all' | 'granted' | 'notGranted';

export interface PickerState {
  /** The member whose rooms these are. */
  id: number;
  /** The member's name or mobile, shown in the title (from the list's link). */
  who?: string | undefined;
  name?: string | undefined;
  group?: number | undefined;
  granted: GrantedFilter;
  page: number;
}

export function readPicker(search: URLSearchParams): PickerState {
  const granted = search.get('granted');
  return {
    id: positiveParam(search.get('id')) ?? 0,
    who: keyword(search.get('who')),
    name: keyword(search.get('name')),
    group: positiveParam(search.get('group')),
    granted: granted === 'granted' || granted === 'notGranted' ? granted : 'all',
    page: positiveParam(search.get('page')) ?? 1,
  };
}

export function writePicker(state: PickerState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.id) out.set('id', String(state.id));
  if (state.who) out.set('who', state.who);
  if (state.name) out.set('name', state.name);
  if (state.group) out.set('group', String(state.group));
  if (state.granted !== 'all') out.set('granted', state.granted);
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

export function pickerQuery(state: PickerState): PickerQuery {
  return {
    id: state.id,
    name: state.name,
    category_id: state.group,
    granted: state.granted === 'all' ? undefined : state.granted === 'granted',
    page: state.page,
    limit: PICKER_PAGE_SIZE,
  };
}
