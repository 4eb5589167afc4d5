import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { FaceEnrol, type FaceEnrolProps } from './FaceEnrol.tsx';

const uploads = vi.hoisted(() => ({ files: [] as File[], refuse: false }));
vi.mock('../../api/upload.ts', () => ({
  uploadFile: async (purpose: string, file: File) => {
    if (purpose !== 'face') throw new Error(`unexpected purpose ${purpose}`);
    uploads.files.push(file);
    if (uploads.refuse) throw new Error('refused');
    return { url: `/files/face-${uploads.files.length}.jpg`, key: 'k', size: file.size, type: file.type };
  },
}));

const SLOW = { timeout: 60_000 };
const FACE = {
  id: 3,
  face_id: 'G-20261125-01',
  note: 'Li Wei',
  lock_note: '',
  image: '/files/face-1.jpg',
  room_id: 17,
  room_name: '1106',
  stay_id: 41,
  status: 'active',
  created_at: 1764000000,
};

function renderForm(props: FaceEnrolProps = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={enUS}>
        <AntApp>
          <FaceEnrol {...props} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const errorsShown = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent).filter(Boolean);
const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const fileInput = () =>
  document.querySelector<HTMLInputElement>('[data-testid="face-file"] input[type="file"]')!;

let seen: SeenCall[];
beforeEach(() => {
  uploads.files = [];
  uploads.refuse = false;
  seen = fakeServer({
    'room/allLock': () => ({
      errno: 0,
      data: { list: [{ id: 17, room_id: 17, name: '1106' }], total: 1 },
    }),
    'room/tenant/list': () => ({
      errno: 0,
      data: {
        list: [
          {
            stay_id: 41,
            room_id: 17,
            mobile: '13912345678',
            nickname: 'Li Wei',
            start_time: 1764000000,
            end_time: 1764086400,
            state: 'active',
          },
        ],
        total: 1,
        page: 1,
        limit: 50,
      },
    }),
    'user/uploadTFaceImg': (f) => ({ errno: 0, data: { ...FACE, face_id: f['face_id'], note: f['note'] } }),
  });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FaceEnrol: face note, face id and image (spec §5)', () => {
  it("refuses an empty form with the spec's three messages, before any upload or call", async () => {
    renderForm({ roomId: 17 });
    await screen.findByTestId('face-form', {}, SLOW);
    fireEvent.click(screen.getByTestId('face-submit'));
    await waitFor(() =>
      expect(errorsShown()).toEqual([
        'Face note cannot be empty',
        'Face ID cannot be empty',
        'Face image cannot be empty',
      ]),
    );
    fill('face-note', '   ');
    fireEvent.click(screen.getByTestId('face-submit'));
    await waitFor(() => expect(errorsShown()[0]).toBe('Face note cannot be empty'));
    expect(uploads.files).toHaveLength(0);
    expect(seen.filter((c) => c.path === 'user/uploadTFaceImg')).toHaveLength(0);
  });

  it('uploads a chosen file and creates the face for the room and stay', async () => {
    const onDone = vi.fn();
    renderForm({ roomId: 17, stayId: 41, onDone });
    await screen.findByTestId('face-form', {}, SLOW);
    fill('face-note', ' Li Wei ');
    fill('face-id', 'G-20261125-01');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'guest.jpg', { type: 'image/jpeg' });
    fireEvent.change(fileInput(), { target: { files: [photo] } });
    await screen.findByTestId('face-image-preview', {}, SLOW);
    expect(screen.getByText('guest.jpg')).toBeTruthy();
    fireEvent.click(screen.getByTestId('face-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(uploads.files.map((f) => f.name)).toEqual(['guest.jpg']);
    expect(seen.find((c) => c.path === 'user/uploadTFaceImg')?.fields).toEqual({
      face_id: 'G-20261125-01',
      note: 'Li Wei',
      image: '/files/face-1.jpg',
      room_id: 17,
      stay_id: 41,
      action: 'manage',
    });
    // The form is cleared for the next face.
    await waitFor(() => expect((screen.getByTestId('face-note') as HTMLInputElement).value).toBe(''));
  });

  it('creates nothing when the upload is refused; a refused save is retried without uploading again', async () => {
    let refuseCreate = true;
    seen = fakeServer({
      'user/uploadTFaceImg': (f) =>
        refuseCreate
          ? { errno: 1, errmsg: 'no permission for this operation' }
          : { errno: 0, data: { ...FACE, face_id: f['face_id'] } },
    });
    renderForm({ roomId: 17, stayId: 41 });
    await screen.findByTestId('face-form', {}, SLOW);
    fill('face-note', 'Li Wei');
    fill('face-id', 'G-1');
    fireEvent.change(fileInput(), {
      target: { files: [new File([new Uint8Array([1, 2, 3])], 'x.png', { type: 'image/png' })] },
    });
    await screen.findByTestId('face-image-preview', {}, SLOW);
    uploads.refuse = true;
    fireEvent.click(screen.getByTestId('face-submit'));
    await waitFor(() => expect(uploads.files).toHaveLength(1));
    expect(seen.some((c) => c.path === 'user/uploadTFaceImg')).toBe(false);

    uploads.refuse = false;
    fireEvent.click(screen.getByTestId('face-submit'));
    await waitFor(() => expect(seen.filter((c) => c.path === 'user/uploadTFaceImg')).toHaveLength(1));
    expect(uploads.files).toHaveLength(2);
    // The server refused the face: the picture is already stored, so saving again sends the same url.
    refuseCreate = false;
    fireEvent.click(screen.getByTestId('face-submit'));
    await waitFor(() => expect(seen.filter((c) => c.path === 'user/uploadTFaceImg')).toHaveLength(2));
    expect(uploads.files).toHaveLength(2);
    const images = seen.filter((c) => c.path === 'user/uploadTFaceImg').map((c) => c.fields['image']);
    expect(images).toEqual(['/files/face-2.jpg', '/files/face-2.jpg']);
  });

  it('takes the photo from the camera with the capture button', async () => {
    const stopped = vi.fn();
    const stream = { getTracks: () => [{ stop: stopped }] } as unknown as MediaStream;
    const getUserMedia = vi.fn(async () => stream);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: vi.fn(),
    } as unknown as CanvasRenderingContext2D);
    // jsdom has no canvas encoder; a JPEG of three bytes stands in for the frame.
    const toBlob = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'toBlob');
    Object.defineProperty(HTMLCanvasElement.prototype, 'toBlob', {
      configurable: true,
      value: (callback: BlobCallback) =>
        callback(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })),
    });
    onTestFinished(() => {
      if (toBlob) Object.defineProperty(HTMLCanvasElement.prototype, 'toBlob', toBlob);
    });
    const onDone = vi.fn();
    renderForm({ onDone });
    await screen.findByTestId('face-form', {}, SLOW);
    fill('face-note', 'Walk-in guest');
    fill('face-id', 'G-CAM-1');
    fireEvent.click(screen.getByText('Camera'));
    fireEvent.click(await screen.findByTestId('camera-start'));
    const capture = await screen.findByTestId('camera-capture');
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false }));
    fireEvent.click(capture);
    await screen.findByTestId('face-image-preview', {}, SLOW);
    expect(stopped).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('face-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(uploads.files[0]?.type).toBe('image/jpeg');
    expect(uploads.files[0]?.name).toMatch(/^camera-\d+\.jpg$/);
    const call = seen.find((c) => c.path === 'user/uploadTFaceImg');
    expect(call?.fields).toEqual({
      face_id: 'G-CAM-1',
      note: 'Walk-in guest',
      image: '/files/face-1.jpg',
      action: 'manage',
    });
  });

  it('says so when the camera cannot be started', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: async () => {
          throw new Error('Permission denied');
        },
      },
    });
    renderForm();
    await screen.findByTestId('face-form', {}, SLOW);
    fireEvent.click(screen.getByText('Camera'));
    fireEvent.click(await screen.findByTestId('camera-start'));
    expect((await screen.findByTestId('camera-problem')).textContent).toBe(
      'The camera could not be started: Permission denied',
    );
  });
});
