import { LANGUAGE_CODES } from '@lockdesk/protocol';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAntd } from '../test/render.tsx';
import { CardWriteSteps } from './CardWriteSteps.tsx';
import { CardServiceError } from './errors.ts';
import { ReaderSelect } from './ReaderSelect.tsx';
import { ReaderStatus } from './ReaderStatus.tsx';
import { createCardService, type StorageLike } from './service.ts';
import { FakeMqtt } from './testing/fakeMqtt.ts';
import { FakeReader } from './testing/fakeReader.ts';

function memory(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

/** The radio's input (antd puts the test id on the input or on its label, by version). */
function radioInput(element: HTMLElement): HTMLElement {
  return element.tagName === 'INPUT' ? element : (element.querySelector('input') ?? element);
}

function healthy(simulated: boolean) {
  return (async () =>
    new Response(
      JSON.stringify({ device: { state: 'online', simulated, transport: simulated ? 'simulated' : 'hid' } }),
    )) as unknown as typeof fetch;
}

describe('ReaderStatus', () => {
  it('names the reader type (CRFD-0k), says online, and "Simulated encoder" when the gateway says so', async () => {
    const service = createCardService({ storage: memory(), fetch: healthy(true) });
    renderWithAntd(<ReaderStatus service={service} />);
    const tag = await screen.findByTestId('reader-status');
    await vi.waitFor(() => expect(tag.getAttribute('data-online')).toBe('true'));
    expect(tag.textContent).toBe('CRFD-01 · Online');
    expect((await screen.findByTestId('reader-simulated')).textContent).toBe('Simulated encoder');
  });

  it('offline without a gateway, and no simulated tag for a real encoder', async () => {
    const down = createCardService({
      storage: memory(),
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    const view = renderWithAntd(<ReaderStatus service={down} />);
    await vi.waitFor(() => expect(screen.getByTestId('reader-status').textContent).toBe('CRFD-01 · Offline'));
    view.unmount();
    renderWithAntd(
      <ReaderStatus service={createCardService({ storage: memory(), fetch: healthy(false) })} />,
    );
    await vi.waitFor(() =>
      expect(screen.getByTestId('reader-status').getAttribute('data-online')).toBe('true'),
    );
    expect(screen.queryByTestId('reader-simulated')).toBeNull();
  });

  it('the remote reader (CRFD-04): "Simulated encoder" when its bridge says so, none for the USB encoder', async () => {
    const client = new FakeMqtt();
    const storage = memory();
    storage.setItem('cardSenderType', '4');
    storage.setItem('cardSenderID', client.deviceId);
    const service = createCardService({ storage, mqttConnect: () => client.asClient() });
    renderWithAntd(<ReaderStatus service={service} />);
    const tag = await screen.findByTestId('reader-status');
    expect(tag.getAttribute('data-kind')).toBe('4');
    await vi.waitFor(() => expect(client.listenerCount('connect')).toBeGreaterThan(0));
    act(() => client.up());
    // What the broker hands over on subscribe: the bridge's retained online state.
    act(() => client.state({ state: 'online', transport: 'simulated', simulated: true }));
    await vi.waitFor(() => expect(tag.getAttribute('data-online')).toBe('true'));
    expect(tag.textContent).toBe('CRFD-04 · Online');
    expect((await screen.findByTestId('reader-simulated')).textContent).toBe('Simulated encoder');
    act(() => client.heartbeat({ transport: 'hid', simulated: false }));
    await vi.waitFor(() => expect(screen.queryByTestId('reader-simulated')).toBeNull());
    expect(tag.getAttribute('data-online')).toBe('true');
  });
});

describe('ReaderSelect', () => {
  it('chooses the reader type, kept in local storage, and asks for the remote reader address', async () => {
    const storage = memory();
    const service = createCardService({
      storage,
      fetch: healthy(true),
      readerFactory: (kind) => Object.assign(new FakeReader(kind), { attach: async () => {} }),
    });
    renderWithAntd(<ReaderSelect service={service} />);
    const box = await screen.findByTestId('reader-select');
    expect(await within(box).findByText('Third reader')).toBeTruthy();
    fireEvent.click(radioInput(within(box).getByTestId('reader-kind-3')));
    expect(storage.map.get('cardSenderType')).toBe('3');
    expect(service.kind).toBe(3);
    fireEvent.click(radioInput(within(box).getByTestId('reader-kind-4')));
    const input = await within(box).findByTestId('reader-device-id');
    fireEvent.change(input, { target: { value: 'XYZ' } });
    fireEvent.blur(input);
    expect(await within(box).findByText('invalid device ID format')).toBeTruthy();
    fireEvent.change(input, { target: { value: '041780200001' } });
    fireEvent.blur(input);
    expect(storage.map.get('cardSenderID')).toBe('041780200001');
  });
});

describe('CardWriteSteps', () => {
  it('shows the step the write is at, the blocks written, and Cancel while it runs', async () => {
    const cancel = vi.fn();
    const view = renderWithAntd(
      <CardWriteSteps progress={{ step: 'write', done: 2, total: 5 }} running onCancel={cancel} />,
    );
    const steps = await screen.findByTestId('card-write-steps');
    expect(steps.getAttribute('data-step')).toBe('write');
    expect(await within(steps).findByText('2 of 5 blocks')).toBeTruthy();
    expect(within(steps).getByText('Read it back')).toBeTruthy();
    fireEvent.click(screen.getByTestId('card-write-cancel'));
    expect(cancel).toHaveBeenCalled();
    view.rerender(
      <CardWriteSteps
        progress={{ step: 'verify', done: 0, total: 5 }}
        running={false}
        error={new CardServiceError('CARD_WRITE_UNVERIFIED')}
      />,
    );
    const error = await screen.findByTestId('card-write-error');
    expect(error.textContent).toContain('The card was not issued');
    expect(error.textContent).toContain('The card did not read back as written; it was not issued');
    expect(screen.queryByTestId('card-write-cancel')).toBeNull();
  });

  it('a cancel is a warning, not a failure', async () => {
    renderWithAntd(
      <CardWriteSteps progress={{ step: 'write' }} error={new CardServiceError('OPERATION_CANCELLED')} />,
    );
    const error = await screen.findByTestId('card-write-error');
    expect(error.textContent).toContain('The write was cancelled; nothing was issued');
    await act(async () => {});
  });
});

/** Every language has the same keys as English, no empty text, the same {{placeholders}}, and is translated. */
describe('cardService texts in the 12 languages', () => {
  const files = import.meta.glob<{ default: object }>('./locales/*.ts', { eager: true });
  const flatten = (o: object, prefix = ''): Map<string, string> => {
    const out = new Map<string, string>();
    for (const [k, v] of Object.entries(o)) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object') for (const [a, b] of flatten(v, path)) out.set(a, b);
      else out.set(path, String(v));
    }
    return out;
  };
  const english = flatten(files['./locales/en.ts']!.default);
  const holes = (t: string) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
  /** Words a language writes as English does. */
  const SAME: Record<string, string[]> = { es: ['log.error'] };
  for (const code of LANGUAGE_CODES) {
    it(code, () => {
      const texts = flatten(files[`./locales/${code}.ts`]!.default);
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of texts) {
        expect(text.trim(), `${code} ${key}`).not.toBe('');
        expect(holes(text), `${code} ${key}`).toEqual(holes(english.get(key)!));
        if (code !== 'en' && !SAME[code]?.includes(key))
          expect(text, `${code} ${key}`).not.toBe(english.get(key));
      }
    });
  }
});
