import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Face, FaceGrant } from '../../api/faces.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { facesTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { DEFAULT_GRANT_DAYS, FaceGrantsDialog } from './FaceGrants.tsx';

const SLOW = { timeout: 60_000 };

const face: Face = {
  id: 5,
  face_id: 'G-5',
  note: 'Li Wei',
  lock_note: '',
  image: '/files/f.jpg',
  room_id: null,
  room_name: '',
  stay_id: null,
  status: 'active',
  created_at: 1764000000,
};

const grantOf = (id: number, room: string, state: FaceGrant['state']): FaceGrant => ({
  id,
  face: 5,
  face_id: 'G-5',
  note: 'Li Wei',
  room_id: id + 100,
  room_name: room,
  mac_id: 'A1',
  start_time: 1764000000,
  end_time: 1764600000,
  state,
  created_at: 1764000000,
});

let seen: SeenCall[];
let grants: FaceGrant[];
const calls = (path: string) => seen.filter((c) => c.path === path).map((c) => c.fields);

beforeAll(async () => {
  await facesTexts.load('en');
});

beforeEach(() => {
  grants = [grantOf(1, '1101', 'confirmed')];
  seen = fakeServer({
    'room/allLock': () => ({
      errno: 0,
      data: {
        list: [
          { id: 101, room_id: 101, name: '1101' },
          { id: 102, room_id: 102, name: '1102' },
        ],
        total: 2,
      },
    }),
    'lock/empowerFaceList': () => ({
      errno: 0,
      data: { list: grants, total: grants.length, page: 1, limit: 100 },
    }),
    'lock/empowerFace': (f) => {
      const made = (f['room_ids'] as number[]).map((roomId) =>
        grantOf(roomId - 100, String(roomId + 1000), 'waiting'),
      );
      grants = [...grants, ...made];
      return { errno: 0, data: { face: 5, list: made } };
    },
    'lock/deleteEmpowerFace': (f) => {
      grants = grants.filter((g) => g.id !== f['id']);
      return { errno: 0, data: { id: f['id'] } };
    },
  });
});

function renderDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={enUS}>
        <AntApp>
          <FaceGrantsDialog face={face} onClose={() => {}} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

describe('granting a face to more locks', () => {
  it('lists the face’s grants with their delivery state', async () => {
    renderDialog();
    const row = (await screen.findByText('1101', { selector: 'td' }, SLOW)).closest('tr') as HTMLElement;
    expect(within(row).getByTestId('face-grant-state').textContent).toBe('On the lock');
    expect(calls('lock/empowerFaceList')[0]).toMatchObject({ face: 5, page: 1, limit: 100 });
  });

  it('refuses a grant without rooms, then grants the rooms chosen for the period shown', async () => {
    renderDialog();
    await screen.findByText('1101', { selector: 'td' }, SLOW);
    fireEvent.click(screen.getByTestId('face-grant-submit'));
    expect(await screen.findByText('Please choose at least one room')).toBeTruthy();
    const picker = within(screen.getByTestId('face-grant-rooms')).getByRole('combobox');
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByTitle('1102'));
    fireEvent.click(screen.getByTestId('face-grant-submit'));
    await waitFor(() => expect(calls('lock/empowerFace')).toHaveLength(1));
    const sent = calls('lock/empowerFace')[0] as Record<string, number | number[]>;
    expect(sent['face']).toBe(5);
    expect(sent['room_ids']).toEqual([102]);
    // The period shown by default: from now for a week (minutes: the picker shows no seconds).
    const days = ((sent['end_time'] as number) - (sent['start_time'] as number)) / 86400;
    expect(days).toBeCloseTo(DEFAULT_GRANT_DAYS, 2);
    const waiting = await screen.findByText('Waiting for the next sync');
    expect(waiting.getAttribute('data-state')).toBe('waiting');
  });

  it('revokes a grant only after the confirm', async () => {
    renderDialog();
    const row = (await screen.findByText('1101', { selector: 'td' }, SLOW)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByTestId('face-grant-revoke'));
    expect(
      await screen.findByText('Revoke the grant to room 1101? Its lock drops the face at the next sync.'),
    ).toBeTruthy();
    expect(calls('lock/deleteEmpowerFace')).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('face-grant-revoke-ok'));
    await waitFor(() => expect(calls('lock/deleteEmpowerFace')).toEqual([{ id: 1, action: 'manage' }]));
    expect(await screen.findByTestId('face-grant-empty')).toBeTruthy();
  });
});
