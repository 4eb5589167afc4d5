import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessControlTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { renderRoutes } from '../../test/render.tsx';
import type { Firmware } from './api.ts';
import EquipmentPage from './EquipmentPage.tsx';
import { firmwareFileProblem, readEquipment, writeEquipment } from './listParams.ts';

const SLOW = { timeout: 60_000 };
const PATH = '/equipmentManagement/roomList';

function renderPage(path: string) {
  return renderRoutes([{ path: PATH, element: <EquipmentPage /> }], path);
}

const firmware: Firmware = {
  id: 3,
  name: 'LD-A1 spring',
  version: '2.4.0',
  model: 'LD-A1',
  note: '',
  file_name: 'ld-a1.bin',
  url: '/files/ab.bin',
  size: 524288,
  sha256: 'f'.repeat(64),
  applies_to: 'chosen',
  room_ids: [1, 2],
  created_at: 1764000000,
  lock_count: 2,
  current_count: 1,
  locks: [
    { room_id: 1, name: '1101', mac_id: 'A1', lock_version: 'v2.4.0', current: true },
    { room_id: 2, name: '1102', mac_id: 'A2', lock_version: 'v2.3.1', current: false },
  ],
};

let seen: SeenCall[];
let controls: number[];
const calls = (path: string) => seen.filter((c) => c.path === path).map((c) => c.fields);

beforeAll(async () => {
  await accessControlTexts.load('en');
});

beforeEach(() => {
  controls = [2];
  seen = fakeServer({
    'room/listNew': (f) => ({
      errno: 0,
      data: {
        list: [
          { id: 1, name: '1101', category_name: 'Standard', mac_id: 'A1' },
          { id: 2, name: 'Gym', category_name: null, mac_id: 'A2' },
        ],
        total: 42,
        page: f['page'],
        limit: f['limit'],
      },
    }),
    'room/category/list': () => ({ errno: 0, data: { list: [{ id: 7, name: 'Standard', sort: 1 }] } }),
    'lock/accessControlList': () => ({
      errno: 0,
      data: { list: controls.map((id) => ({ room_id: id, name: id === 2 ? 'Gym' : '1101', mac_id: null })) },
    }),
    'room/setAccessControl': (f) => {
      controls = f['access_control']
        ? [...controls, Number(f['room_id'])]
        : controls.filter((id) => id !== f['room_id']);
      return { errno: 0, data: f };
    },
    'lock/getFirmwaresList': (f) => ({
      errno: 0,
      data: { list: f['keyword'] === 'none' ? [] : [firmware], total: 1, page: f['page'], limit: f['limit'] },
    }),
    'room/allLock': () => ({ errno: 0, data: { list: [{ id: 1, room_id: 1, name: '1101' }], total: 1 } }),
  });
});

describe('the equipment page URL state', () => {
  it('reads back what it writes, and drops what it cannot read', () => {
    const state = { tab: 'firmware' as const, name: '11', group: 0, page: 3, keyword: 'ld', fpage: 2 };
    expect(readEquipment(writeEquipment(state))).toEqual(state);
    expect(readEquipment(new URLSearchParams('tab=x&page=-1&group=a&fpage=0'))).toEqual({
      tab: 'access',
      name: undefined,
      group: undefined,
      page: 1,
      keyword: undefined,
      fpage: 1,
    });
  });

  it('takes .bin and .zip files up to 8 MB only', () => {
    expect(firmwareFileProblem({ name: 'a.BIN', size: 10 })).toBeUndefined();
    expect(firmwareFileProblem({ name: 'a.zip', size: 8 * 1024 * 1024 })).toBeUndefined();
    expect(firmwareFileProblem({ name: 'a.hex', size: 10 })).toBe('type');
    expect(firmwareFileProblem({ name: 'a.bin', size: 8 * 1024 * 1024 + 1 })).toBe('size');
  });
});

describe('access control tab', () => {
  it('asks for the rooms of the URL and shows each one’s switch and the doors defined', async () => {
    renderPage(`${PATH}?name=1&group=7&page=2`);
    const gymRow = await screen.findByText('Gym', { selector: 'td' }, SLOW);
    expect(calls('room/listNew')[0]).toMatchObject({
      name: '1',
      category_id: 7,
      page: 2,
      limit: 20,
      sort: 'asc',
    });
    const defined = screen.getByTestId('access-defined');
    await waitFor(() => expect(within(defined).getByText('Access controls defined: 1')).toBeTruthy());
    const gymSwitch = within(gymRow.closest('tr') as HTMLElement).getByTestId('access-switch');
    expect(gymSwitch.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Rooms: 42')).toBeTruthy();
  });

  it('switches a room on and refreshes the doors defined', async () => {
    renderPage(PATH);
    const row = (await screen.findByText('1101', { selector: 'td' }, SLOW)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByTestId('access-switch'));
    await waitFor(() => expect(calls('room/setAccessControl')).toHaveLength(1));
    expect(calls('room/setAccessControl')[0]).toMatchObject({ room_id: 1, access_control: true });
    await waitFor(() => expect(screen.getByText('Access controls defined: 2')).toBeTruthy());
  });
});

describe('firmware tab', () => {
  it('says a lock is upgraded over Bluetooth and lists each firmware with its locks', async () => {
    renderPage(`${PATH}?tab=firmware&keyword=ld`);
    await screen.findByText('LD-A1 spring', {}, SLOW);
    expect(calls('lock/getFirmwaresList')[0]).toMatchObject({ keyword: 'ld', page: 1, limit: 20 });
    expect(screen.getByTestId('firmware-bluetooth').textContent).toContain('over Bluetooth');
    expect(screen.getByTestId('firmware-lock-count').textContent).toBe('1 of 2 run it');
    fireEvent.click(screen.getByText('LD-A1 spring'));
    const locks = await screen.findAllByTestId('firmware-lock');
    expect(locks.map((l) => [l.textContent, l.getAttribute('data-current')])).toEqual([
      ['1101 · Runs it', '1'],
      ['1102 · To upgrade', '0'],
    ]);
  });

  it('shows an empty search plainly', async () => {
    renderPage(`${PATH}?tab=firmware&keyword=none`);
    expect(await screen.findByText('No firmware matches this search', {}, SLOW)).toBeTruthy();
  });

  it('refuses a file that is not .bin or .zip before sending anything', async () => {
    renderPage(`${PATH}?tab=firmware`);
    fireEvent.click(await screen.findByTestId('firmware-upload', {}, SLOW));
    const input = (await screen.findByTestId('firmware-form')).ownerDocument.querySelector(
      'input[type=file]',
    ) as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('Only .bin and .zip files are accepted')).toBeTruthy();
    fireEvent.change(screen.getByTestId('firmware-version'), { target: { value: 'latest' } });
    fireEvent.click(screen.getByTestId('firmware-submit'));
    expect(await screen.findByText('A version like 2.4.0, v2.4 or 2.4.0-beta.1')).toBeTruthy();
    expect(seen.some((c) => c.path === 'oss/token' || c.path === 'lock/addFirmwares')).toBe(false);
  });
});
