import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Face } from '../../api/faces.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { facesTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import FaceHistoryPage from './FaceHistoryPage.tsx';

const SLOW = { timeout: 60_000 };

function face(id: number, over: Partial<Face> = {}): Face {
  return {
    id,
    face_id: `G-${id}`,
    note: `Guest ${id}`,
    lock_note: '',
    image: `/files/face-${id}.jpg`,
    room_id: 17,
    room_name: '1106',
    stay_id: 41,
    status: 'active',
    created_at: 1764000000,
    ...over,
  };
}

function renderPage(path: string) {
  const router = createMemoryRouter([{ path: '/room/faceHistory', element: <FaceHistoryPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={enUS}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return router;
}

const listCalls = () => seen.filter((c) => c.path === 'user/faceImgList').map((c) => c.fields);
const search = (router: ReturnType<typeof renderPage>) => router.state.location.search;

let seen: SeenCall[];
let faces: Face[];
let failList: boolean;

beforeAll(async () => {
  await facesTexts.load('en');
});

beforeEach(() => {
  faces = [face(1), face(2, { room_id: null, room_name: '', stay_id: null })];
  failList = false;
  seen = fakeServer({
    'room/allLock': () => ({ errno: 0, data: { list: [{ id: 17, room_id: 17, name: '1106' }], total: 1 } }),
    'user/faceImgList': (f) =>
      failList
        ? { errno: 1, errmsg: 'no permission for this operation' }
        : {
            errno: 0,
            data: {
              list: faces.filter((x) => !f['keyword'] || x.face_id.includes(String(f['keyword']))),
              total: 45,
              page: f['page'],
              limit: f['limit'],
            },
          },
    'user/deleteTFaceImg': (f) => {
      faces = faces.filter((x) => x.id !== f['id']);
      return { errno: 0, data: { id: f['id'] } };
    },
    'user/updateFaceNote': (f) => ({ errno: 0, data: { ...face(1), note: f['note'] } }),
    'user/updateLockFaceNote': (f) => ({ errno: 0, data: { ...face(1), lock_note: f['lock_note'] } }),
  });
});

describe('the face library (/room/faceHistory)', () => {
  it('asks for the page, search and room of the URL, and shows each face with its thumbnail', async () => {
    renderPage('/room/faceHistory?keyword=G-&room_id=17&page=2&limit=10');
    await screen.findByText('G-1', {}, SLOW);
    expect(listCalls()[0]).toEqual({ keyword: 'G-', room_id: 17, page: 2, limit: 10, action: 'manage' });
    const rows = document.querySelectorAll('tr[data-face-id]');
    expect([...rows].map((r) => r.getAttribute('data-face-id'))).toEqual(['G-1', 'G-2']);
    expect(rows[0]?.querySelector('img')?.getAttribute('src')).toBe('/files/face-1.jpg');
    // A face without a room is the library's.
    expect(rows[1]?.textContent).toContain('Library only');
    expect(screen.getByText('Faces: 45')).toBeTruthy();
  });

  it('puts a search in the URL and starts again from the first page', async () => {
    const router = renderPage('/room/faceHistory?page=3');
    await screen.findByText('G-1', {}, SLOW);
    const box = screen.getByPlaceholderText('Search by face ID or note');
    fireEvent.change(box, { target: { value: ' G-2 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(search(router)).toBe('?keyword=G-2'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ keyword: 'G-2', page: 1 }));
  });

  it('deletes a face only after the confirm', async () => {
    renderPage('/room/faceHistory');
    await screen.findByText('G-1', {}, SLOW);
    const row = document.querySelector('tr[data-face-id="G-1"]') as HTMLElement;
    fireEvent.click(within(row).getByTestId('face-delete'));
    const confirm = await screen.findByText('Delete face G-1? Its lock drops it at the next sync.');
    expect(seen.some((c) => c.path === 'user/deleteTFaceImg')).toBe(false);
    const popup = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(document.querySelector('tr[data-face-id="G-1"]')).toBeNull());
    expect(seen.find((c) => c.path === 'user/deleteTFaceImg')?.fields).toEqual({ id: 1, action: 'manage' });
  });

  it('edits the note and the lock note, sending only what changed, and refuses an empty note', async () => {
    renderPage('/room/faceHistory');
    await screen.findByText('G-1', {}, SLOW);
    const row = document.querySelector('tr[data-face-id="G-1"]') as HTMLElement;
    fireEvent.click(within(row).getByTestId('face-edit-open'));
    const note = await screen.findByTestId('face-edit-note');
    fireEvent.change(note, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Face note cannot be empty')).toBeTruthy();
    fireEvent.change(note, { target: { value: 'Guest 1' } });
    fireEvent.change(screen.getByTestId('face-edit-lock-note'), { target: { value: 'VIP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((c) => c.path === 'user/updateLockFaceNote')).toBe(true));
    expect(seen.some((c) => c.path === 'user/updateFaceNote')).toBe(false);
    expect(seen.find((c) => c.path === 'user/updateLockFaceNote')?.fields).toEqual({
      id: 1,
      lock_note: 'VIP',
      action: 'manage',
    });
  });

  it('says when nothing matches, and offers to try again when the list cannot be loaded', async () => {
    faces = [];
    const router = renderPage('/room/faceHistory?keyword=nobody');
    expect((await screen.findByTestId('face-list-empty', {}, SLOW)).textContent).toContain(
      'No face matches these filters',
    );
    failList = true;
    await router.navigate('/room/faceHistory?keyword=other');
    const failed = await screen.findByTestId('face-list-error', {}, SLOW);
    expect(failed.textContent).toContain('The faces could not be loaded.');
    failList = false;
    faces = [face(3)];
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('face-list-error')).toBeNull());
  });
});
