import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { fakeGateway } from '../../test/fakeGateway.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { type EncoderInfo, enrollFinger } from '../fingerprintEncoder.ts';
import { FingerprintEnrol, type FingerprintEnrolProps } from './FingerprintEnrol.tsx';

const SLOW = { timeout: 60_000 };
const SIMULATED: EncoderInfo = {
  online: true,
  transport: 'simulated',
  simulated: true,
  description: 'simulated encoder',
};
const FINGERPRINT = {
  id: 5,
  finger_id: 'F-0005',
  note: 'Li Wei right thumb',
  room_id: 17,
  room_name: '1106',
  stay_id: 41,
  status: 'active',
  created_at: 1764000000,
};

function renderEnrol(props: FingerprintEnrolProps) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={enUS}>
        <AntApp>
          <FingerprintEnrol {...props} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const phase = () => screen.getByTestId('finger-steps').getAttribute('data-phase');
/** The title of the step antd marks as the current one, and its state. */
const currentStep = () => {
  const item =
    document.querySelector('.ant-steps-item-active') ?? document.querySelector('.ant-steps-item-process');
  return item?.querySelector('.ant-steps-item-title')?.textContent ?? '';
};
const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

let seen: SeenCall[];
let refuseSave: boolean;

beforeEach(() => {
  refuseSave = false;
  seen = fakeServer({
    'room/tenant/list': () => ({ errno: 0, data: { list: [], total: 0, page: 1, limit: 50 } }),
    'fingerprint/addData': (f) =>
      refuseSave
        ? { errno: 1, errmsg: 'no permission for this operation' }
        : { errno: 0, data: { ...FINGERPRINT, note: f['note'] } },
  });
});

describe('FingerprintEnrol: the enrolment steps of spec §4 on the encoder', () => {
  it('shows each step as the encoder pushes it, then saves the template for the room', async () => {
    const gateway = fakeGateway();
    const onDone = vi.fn();
    renderEnrol({
      roomId: 17,
      stayId: 41,
      onDone,
      encoder: {
        enrol: (o) => enrollFinger({ ...o, socket: gateway.factory }),
        health: async () => SIMULATED,
      },
    });
    expect((await screen.findByTestId('encoder-kind', {}, SLOW)).textContent).toBe('SIMULATED encoder');

    // No note: refused before the encoder is touched.
    fireEvent.click(screen.getByTestId('finger-start'));
    expect(await screen.findByText('Note is required')).toBeTruthy();
    expect(gateway.sockets).toHaveLength(0);

    fill('finger-note', 'Li Wei right thumb');
    fireEvent.click(screen.getByTestId('finger-start'));
    await waitFor(() => expect(phase()).toBe('press'));
    expect(currentStep()).toBe('Press the finger');
    expect(screen.getByTestId('finger-hint').textContent).toBe('Place the finger on the encoder.');
    expect(screen.getByTestId('finger-cancel')).toBeTruthy();

    gateway.press();
    await waitFor(() => expect(phase()).toBe('pressAgain'));
    expect(currentStep()).toBe('Press again');
    expect(screen.getByTestId('finger-hint').textContent).toBe(
      'Lift the finger and place it on the encoder again.',
    );

    gateway.press('cafebabe01', 88);
    await waitFor(() => expect(phase()).toBe('done'));
    expect(screen.getByTestId('finger-done').textContent).toBe('Fingerprint saved (quality 88).');
    const save = seen.find((c) => c.path === 'fingerprint/addData');
    expect(save?.fields).toMatchObject({
      note: 'Li Wei right thumb',
      data: 'cafebabe01',
      room_id: 17,
      stay_id: 41,
    });
    expect(save?.fields).not.toHaveProperty('finger_id');
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ finger_id: 'F-0005' }));
    expect(document.querySelectorAll('.ant-steps-item-finish')).toHaveLength(5);
  });

  it('cancels the enrolment on the encoder: no fingerprint is saved and the steps say so', async () => {
    const gateway = fakeGateway();
    renderEnrol({
      roomId: 17,
      encoder: {
        enrol: (o) => enrollFinger({ ...o, socket: gateway.factory }),
        health: async () => SIMULATED,
      },
    });
    await screen.findByTestId('encoder-kind', {}, SLOW);
    fill('finger-note', 'Guest left thumb');
    fireEvent.click(screen.getByTestId('finger-start'));
    await waitFor(() => expect(phase()).toBe('press'));
    gateway.press();
    await waitFor(() => expect(phase()).toBe('pressAgain'));

    fireEvent.click(screen.getByTestId('finger-cancel'));
    await waitFor(() => expect(phase()).toBe('cancelled'));
    expect(screen.getByTestId('finger-problem').textContent).toBe('Fingerprint enrolment cancelled');
    expect(gateway.sockets[0]!.sent.map((m) => m['func'])).toEqual(['open', 'enrollFinger', 'cancel']);
    expect(gateway.waiting).toBe(false);
    expect(document.querySelector('.ant-steps-item-error')?.textContent).toBe('Press again');
    expect(seen.some((c) => c.path === 'fingerprint/addData')).toBe(false);
    // A new enrolment can start at once.
    expect(screen.getByTestId('finger-start').textContent).toBe('Enrol again');
  });

  it('says the device must be connected first when no gateway runs', async () => {
    const gateway = fakeGateway({ down: true });
    renderEnrol({
      roomId: 17,
      encoder: { enrol: (o) => enrollFinger({ ...o, socket: gateway.factory }), health: async () => null },
    });
    const offline = await screen.findByTestId('encoder-offline', {}, SLOW);
    expect(within(offline).getByText('Please connect the device first')).toBeTruthy();
    fill('finger-note', 'Guest');
    fireEvent.click(screen.getByTestId('finger-start'));
    await waitFor(() => expect(phase()).toBe('failed'));
    expect(screen.getByTestId('finger-problem').textContent).toBe('Please connect the device first');
    expect(document.querySelector('.ant-steps-item-error')?.textContent).toBe('Connect the encoder');
  });

  it('keeps the template when the server refuses the save, and saves it again without a new finger', async () => {
    const gateway = fakeGateway();
    refuseSave = true;
    renderEnrol({
      roomId: 17,
      encoder: {
        enrol: (o) => enrollFinger({ ...o, socket: gateway.factory }),
        health: async () => SIMULATED,
      },
    });
    await screen.findByTestId('encoder-kind', {}, SLOW);
    fill('finger-note', 'Guest');
    fireEvent.click(screen.getByTestId('finger-start'));
    await waitFor(() => expect(phase()).toBe('press'));
    gateway.press();
    await waitFor(() => expect(phase()).toBe('pressAgain'));
    gateway.press('beef01');
    await waitFor(() => expect(phase()).toBe('saveFailed'));
    refuseSave = false;
    fireEvent.click(screen.getByTestId('finger-save-again'));
    await waitFor(() => expect(phase()).toBe('done'));
    const saves = seen.filter((c) => c.path === 'fingerprint/addData');
    expect(saves.map((c) => c.fields['data'])).toEqual(['beef01', 'beef01']);
    expect(gateway.sockets).toHaveLength(1);
  });

  it('offers a room picker when no room is given, and saves to the library only without one', async () => {
    const gateway = fakeGateway();
    seen = fakeServer({
      'room/allLock': () => ({ errno: 0, data: { list: [{ id: 17, room_id: 17, name: '1106' }], total: 1 } }),
      'fingerprint/addData': (f) => ({ errno: 0, data: { ...FINGERPRINT, room_id: null, note: f['note'] } }),
    });
    renderEnrol({
      encoder: {
        enrol: (o) => enrollFinger({ ...o, socket: gateway.factory }),
        health: async () => SIMULATED,
      },
    });
    await screen.findByTestId('room-picker', {}, SLOW);
    fill('finger-note', 'Staff index finger');
    fill('finger-id', 'F-STAFF-1');
    fireEvent.click(screen.getByTestId('finger-start'));
    await waitFor(() => expect(phase()).toBe('press'));
    gateway.press();
    await waitFor(() => expect(phase()).toBe('pressAgain'));
    gateway.press('aa55');
    await waitFor(() => expect(phase()).toBe('done'));
    expect(seen.find((c) => c.path === 'fingerprint/addData')?.fields).toEqual({
      note: 'Staff index finger',
      finger_id: 'F-STAFF-1',
      data: 'aa55',
      action: 'manage',
    });
  });
});
