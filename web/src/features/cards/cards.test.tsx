import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card, WritePlan } from '../../api/cards.ts';
import { setUserInfo } from '../../api/session.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { CardServiceError } from '../../cardService/errors.ts';
import { FakeReader } from '../../cardService/testing/fakeReader.ts';
import { errorMessage } from '../../i18n/index.ts';
import { cardServiceTexts, cardsTexts } from '../../i18n/namespaces.ts';
import { CardActions, cardActionsOf } from '../../shared/cards/CardActions.tsx';
import { GuestCardWriter } from '../../shared/cards/GuestCardWriter.tsx';
import { erasePlan } from '../../shared/cards/writeParts.tsx';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import AddCardPage, { issuableTypes, mayOpenEveryLock, planCall } from './AddCardPage.tsx';
import { cardFiltersOf } from './CardListPage.tsx';

// The console's card service is the real one (its writeCard: find, plan, write, verify, confirm) over a fake
// encoder in memory; the server is the fake envelope server.
const encoder = vi.hoisted(() => ({ reader: undefined as unknown, service: undefined as unknown }));
vi.mock('../../cardService/service.ts', async (original) => {
  const real = await original<typeof import('../../cardService/service.ts')>();
  return {
    ...real,
    cardService: () => {
      // One service per test (a service keeps its readers), over this test's fake encoder.
      encoder.service ??= real.createCardService({
        storage: null,
        fetch: (async () =>
          new Response(JSON.stringify({ device: { state: 'online' } }))) as unknown as typeof fetch,
        readerFactory: () => encoder.reader as FakeReader,
      });
      return encoder.service as ReturnType<typeof real.createCardService>;
    },
  };
});

const UID = '11223344';
const DATA = 'AB'.repeat(16);
const NOW = Math.floor(Date.now() / 1000);

function card(over: Partial<Card> = {}): Card {
  return {
    id: 7,
    card_id: '100007',
    type: 4,
    type_name: 'normal',
    note: '',
    status: 'issued',
    room_id: 17,
    room_name: '1101',
    stay_id: 41,
    building: 1,
    floor: 1,
    mac_id: 'A0B0C0010101',
    start_time: NOW - 3600,
    end_time: NOW + 86_400,
    uid: UID,
    encrypted: false,
    unsubscribe_old: false,
    access_controls: [],
    room_ids: [],
    issuer_role: 'main',
    issued_by_name: 'Demo',
    issued_at: NOW - 60,
    superseded: false,
    replaces_id: null,
    lock_sync: 'none',
    ...over,
  };
}

function plan(uid = UID): WritePlan {
  return {
    id: 7,
    card_id: '100007',
    uid,
    writes: [{ block: 4, key: 'FFFFFFFFFFFF', keyType: 'A', data: DATA }],
    verify: [{ block: 4, key: 'FFFFFFFFFFFF', data: DATA }],
    expires_at: NOW + 120,
    card: card({ status: 'pending' }),
  };
}

function wrap(node: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={enUS}>
        <AntApp>
          <MemoryRouter>{node}</MemoryRouter>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const callsTo = (seen: SeenCall[], path: string) => seen.filter((c) => c.path === path);
const SLOW = { timeout: 20_000 };

beforeAll(() => Promise.all([cardsTexts.load('en'), cardServiceTexts.load('en')]));

let fake: FakeReader;
let seen: SeenCall[];
beforeEach(() => {
  setUserInfo({ uid: 1, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'super', nickname: 'Demo' });
  fake = new FakeReader(1);
  fake.placeCard(UID);
  encoder.reader = fake;
  encoder.service = undefined;
  seen = fakeServer({
    'room/sendCard': (fields) => ({ errno: 0, data: plan(String(fields['card_uid'])) }),
    'room/addCardStepTwoNew': () => ({ errno: 0, data: card() }),
    'room/cardList': () => ({ errno: 0, data: { list: [], total: 0, page: 1, limit: 20 } }),
    'passenger/deleteCardByCardId': () => ({
      errno: 0,
      data: {
        id: 7,
        status: 'withdrawn',
        erase: [{ block: 4, key: 'FFFFFFFFFFFF', keyType: 'A', data: '0'.repeat(32) }],
      },
    }),
    'room/delcard': () => ({ errno: 0, data: { id: 7, status: 'deleted', lock_sync: 'pending' } }),
    'room/addCardMark': (fields) => ({ errno: 0, data: card({ note: String(fields['note']) }) }),
  });
});

describe('GuestCardWriter', () => {
  it('writes the card found on the encoder, reads it back, and only then confirms it', async () => {
    wrap(<GuestCardWriter stay={{ stay_id: 41, room_id: 17, disable_old_cards: true }} />);
    await userEvent.click(await screen.findByTestId('card-write-start'));
    const issued = await screen.findByTestId('card-write-issued', {}, SLOW);
    expect(issued.getAttribute('data-card-id')).toBe('100007');
    // The stay's 'disable old tenant's cards' made 'unsubscribe old card' the default.
    expect(callsTo(seen, 'room/sendCard')[0]?.fields).toMatchObject({
      stay_id: 41,
      card_uid: UID,
      unsubscribe_old: 1,
    });
    expect(callsTo(seen, 'room/addCardStepTwoNew')[0]?.fields).toMatchObject({
      id: 7,
      card_uid: UID,
      blocks: { '4': DATA },
    });
    expect(fake.card?.blocks.get(4)).toBe(DATA);
  });

  it('a card taken off the encoder mid-write issues nothing and says so', async () => {
    fake.afterWrite = () => fake.removeCard();
    wrap(<GuestCardWriter stay={{ stay_id: 41, room_id: 17 }} />);
    await userEvent.click(await screen.findByTestId('card-write-start'));
    const error = await screen.findByTestId('card-write-error', {}, SLOW);
    expect(error.textContent).toContain(errorMessage('CARD_REMOVED'));
    expect(callsTo(seen, 'room/addCardStepTwoNew')).toEqual([]);
    expect(screen.queryByTestId('card-write-issued')).toBeNull();
  });

  it('another card put down mid-write issues nothing and says so', async () => {
    fake.afterWrite = () => fake.placeCard('99887766');
    wrap(<GuestCardWriter stay={{ stay_id: 41, room_id: 17 }} />);
    await userEvent.click(await screen.findByTestId('card-write-start'));
    const error = await screen.findByTestId('card-write-error', {}, SLOW);
    expect(error.textContent).toContain(errorMessage('WRONG_CARD'));
    expect(callsTo(seen, 'room/addCardStepTwoNew')).toEqual([]);
  });

  it('an encoder that does not answer issues nothing', async () => {
    fake.failWith = (name) =>
      name === 'writeBlock' ? new CardServiceError('DEVICE_NOT_RESPONDING') : undefined;
    wrap(<GuestCardWriter stay={{ stay_id: 41, room_id: 17 }} />);
    await userEvent.click(await screen.findByTestId('card-write-start'));
    await screen.findByTestId('card-write-error', {}, SLOW);
    expect(callsTo(seen, 'room/addCardStepTwoNew')).toEqual([]);
  });
});

describe('erasePlan', () => {
  it('reads every erased block back with the key its sector has afterwards; trailers as a card answers them', () => {
    const KEY = 'A1B2C3D4E5F6';
    const plan = erasePlan('aabbccdd', [
      { block: 4, key: KEY, keyType: 'A', data: '0'.repeat(32) },
      { block: 54, key: 'FFFFFFFFFFFF', keyType: 'A', data: '1'.repeat(32) },
      { block: 7, key: KEY, keyType: 'A', data: 'FFFFFFFFFFFFFF078069FFFFFFFFFFFF' },
    ]);
    expect(plan.uid).toBe('AABBCCDD');
    expect(plan.restored).toEqual([1]);
    expect(plan.verify).toEqual([
      { block: 4, key: 'FFFFFFFFFFFF', data: '0'.repeat(32) },
      { block: 54, key: 'FFFFFFFFFFFF', data: '1'.repeat(32) },
      { block: 7, key: 'FFFFFFFFFFFF', data: '000000000000FF078069FFFFFFFFFFFF' },
    ]);
  });

  it('restores nothing for a card that was not encrypted', () => {
    expect(
      erasePlan(UID, [{ block: 4, key: 'FFFFFFFFFFFF', keyType: 'A', data: '0'.repeat(32) }]).restored,
    ).toEqual([]);
  });
});

describe('CardActions', () => {
  it('offers what the card state allows', () => {
    expect(cardActionsOf(card())).toEqual({ withdraw: true, remove: true, encrypt: true, note: true });
    expect(cardActionsOf(card({ status: 'withdrawn' }))).toMatchObject({ withdraw: false, remove: true });
    expect(cardActionsOf(card({ status: 'deleted' }))).toMatchObject({ withdraw: false, remove: false });
  });

  it('deletes a card and says it takes effect after a Bluetooth unlock', async () => {
    wrap(<CardActions card={card()} />);
    await userEvent.click(screen.getByTestId('card-delete'));
    await userEvent.click(await screen.findByTestId('card-delete-ok'));
    await waitFor(() => expect(callsTo(seen, 'room/delcard')[0]?.fields).toMatchObject({ id: 7 }));
    await screen.findAllByText(errorMessage('BLUETOOTH_SYNC_NEEDED'), {}, SLOW);
  });

  it('withdraws a returned card by its number, then erases it on the encoder', async () => {
    fake.placeCard(UID, { 4: DATA });
    wrap(<CardActions card={card()} />);
    await userEvent.click(screen.getByTestId('card-withdraw'));
    await userEvent.click(await screen.findByTestId('card-withdraw-ok'));
    await waitFor(() =>
      expect(callsTo(seen, 'passenger/deleteCardByCardId')[0]?.fields).toMatchObject({ card_id: '100007' }),
    );
    await userEvent.click(await screen.findByTestId('card-erase-start', {}, SLOW));
    await waitFor(() => expect(fake.card?.blocks.get(4)).toBe('0'.repeat(32)), SLOW);
    await waitFor(() => expect(screen.queryByTestId('card-erase')).toBeNull(), SLOW);
    // A card on factory keys already: the server has nothing to learn.
    expect(callsTo(seen, 'room/sendCardDecodeSyntony')).toEqual([]);
  });

  it('erasing an encrypted withdrawn card gives it factory keys and tells the server with the trailers read back', async () => {
    const KEY = 'A1B2C3D4E5F6';
    const EMPTY = '0'.repeat(32);
    const TRANSPORT_TRAILER = 'FFFFFFFFFFFFFF078069FFFFFFFFFFFF';
    seen = fakeServer({
      'passenger/deleteCardByCardId': () => ({
        errno: 0,
        data: {
          id: 7,
          status: 'withdrawn',
          lock_sync: 'pending',
          // The server's erase: the data blocks with the card's keys, then the trailers back to transport keys.
          erase: [
            { block: 4, key: KEY, keyType: 'A', data: EMPTY },
            { block: 53, key: KEY, keyType: 'A', data: EMPTY },
            { block: 7, key: KEY, keyType: 'A', data: TRANSPORT_TRAILER },
            { block: 55, key: KEY, keyType: 'A', data: TRANSPORT_TRAILER },
          ],
        },
      }),
      'room/sendCardDecodeSyntony': (fields) => ({
        errno: 0,
        data: { id: 7, uid: fields['card_uid'], encrypted: false, sectors: [] },
      }),
      'room/cardList': () => ({ errno: 0, data: { list: [], total: 0, page: 1, limit: 20 } }),
    });
    fake.placeCard(UID, { 4: DATA, 53: DATA });
    fake.keys.set(1, KEY);
    fake.keys.set(13, KEY);
    // A card answers a trailer read with key A hidden (zeros), the access bits and key B.
    fake.readOverride = (block, data) =>
      block % 4 === 3 ? `000000000000${TRANSPORT_TRAILER.slice(12)}` : data;
    wrap(<CardActions card={card({ encrypted: true })} />);
    await userEvent.click(screen.getByTestId('card-withdraw'));
    await userEvent.click(await screen.findByTestId('card-withdraw-ok'));
    await userEvent.click(await screen.findByTestId('card-erase-start', {}, SLOW));
    await waitFor(() => expect(callsTo(seen, 'room/sendCardDecodeSyntony')).toHaveLength(1), SLOW);
    expect(callsTo(seen, 'room/sendCardDecodeSyntony')[0]?.fields).toEqual(
      expect.objectContaining({
        card_uid: UID,
        blocks: {
          '7': `000000000000${TRANSPORT_TRAILER.slice(12)}`,
          '55': `000000000000${TRANSPORT_TRAILER.slice(12)}`,
        },
      }),
    );
    expect(fake.keys.get(1)).toBe('FFFFFFFFFFFF');
    expect(fake.keys.get(13)).toBe('FFFFFFFFFFFF');
    expect(fake.card?.blocks.get(4)).toBe(EMPTY);
    // The trailers were read with the factory key, as the server checks them.
    const trailerReads = fake.calls.filter(
      (c) => c.name === 'readBlock' && [7, 55].includes(c.args[0] as number),
    );
    expect(trailerReads.map((c) => c.args[1])).toEqual(['FFFFFFFFFFFF', 'FFFFFFFFFFFF']);
    await waitFor(() => expect(screen.queryByTestId('card-erase')).toBeNull(), SLOW);
  });

  it('an erase whose trailers do not read back with the factory key tells the server nothing', async () => {
    seen = fakeServer({
      'passenger/deleteCardByCardId': () => ({
        errno: 0,
        data: {
          id: 7,
          status: 'withdrawn',
          lock_sync: 'pending',
          erase: [{ block: 7, key: 'FFFFFFFFFFFF', keyType: 'A', data: 'FFFFFFFFFFFFFF078069FFFFFFFFFFFF' }],
        },
      }),
    });
    // The card keeps answering its old trailer: the erase did not take.
    fake.readOverride = (block, data) => (block === 7 ? 'A'.repeat(32) : data);
    wrap(<CardActions card={card({ encrypted: true })} />);
    await userEvent.click(screen.getByTestId('card-withdraw'));
    await userEvent.click(await screen.findByTestId('card-withdraw-ok'));
    await userEvent.click(await screen.findByTestId('card-erase-start', {}, SLOW));
    const error = await screen.findByTestId('card-write-error', {}, SLOW);
    expect(error.textContent).toContain(errorMessage('CARD_WRITE_UNVERIFIED'));
    expect(callsTo(seen, 'room/sendCardDecodeSyntony')).toEqual([]);
  });

  it('refuses to erase another card than the withdrawn one', async () => {
    fake.placeCard('99887766', { 4: DATA });
    wrap(<CardActions card={card()} />);
    await userEvent.click(screen.getByTestId('card-withdraw'));
    await userEvent.click(await screen.findByTestId('card-withdraw-ok'));
    await userEvent.click(await screen.findByTestId('card-erase-start', {}, SLOW));
    const error = await screen.findByTestId('card-write-error', {}, SLOW);
    expect(error.textContent).toContain(errorMessage('WRONG_CARD'));
    expect(fake.card?.blocks.get(4)).toBe(DATA);
  });

  it('encrypts the card on the encoder with the server plan and confirms it with the read-back', async () => {
    const KEY = 'A1B2C3D4E5F6';
    const TRAILER = `${KEY}FF078069${KEY}`;
    seen = fakeServer({
      'room/sendCardEncryption': (fields) => ({
        errno: 0,
        data: {
          id: 7,
          uid: fields['card_uid'],
          writes: [{ block: 7, key: 'FFFFFFFFFFFF', keyType: 'A', data: TRAILER }],
          verify: [{ block: 4, key: KEY, data: '0'.repeat(32) }],
          card: card(),
        },
      }),
      // The server answers the keys the card carries now, not a card (server/API.md §8.5).
      'room/sendCardEncryptionSyntony': (fields) => ({
        errno: 0,
        data: { id: 7, uid: fields['card_uid'], encrypted: true, sectors: [1, 13] },
      }),
    });
    wrap(<CardActions card={card()} />);
    await userEvent.click(screen.getByTestId('card-encrypt-open'));
    await userEvent.click(await screen.findByTestId('card-encrypt-start'));
    await waitFor(
      () =>
        expect(callsTo(seen, 'room/sendCardEncryptionSyntony')[0]?.fields).toMatchObject({
          card_uid: UID,
          blocks: { '4': '0'.repeat(32) },
        }),
      SLOW,
    );
    expect(callsTo(seen, 'room/sendCardEncryption')[0]?.fields).toMatchObject({ card_uid: UID, decrypt: 0 });
    expect(fake.keys.get(1)).toBe(KEY);
  });

  it('refuses to encrypt another card than the one of the row', async () => {
    fake.placeCard('99887766');
    wrap(<CardActions card={card()} />);
    await userEvent.click(screen.getByTestId('card-encrypt-open'));
    await userEvent.click(await screen.findByTestId('card-encrypt-start'));
    const error = await screen.findByTestId('card-write-error', {}, SLOW);
    expect(error.textContent).toContain(errorMessage('WRONG_CARD'));
    expect(callsTo(seen, 'room/sendCardEncryption')).toEqual([]);
  });

  it('saves a note of at most 64 characters', async () => {
    wrap(<CardActions card={card()} />);
    await userEvent.click(screen.getByTestId('card-note'));
    await userEvent.type(await screen.findByTestId('card-note-input'), 'Spare for the nanny');
    await userEvent.click(screen.getByTestId('card-note-save'));
    await waitFor(() =>
      expect(callsTo(seen, 'room/addCardMark')[0]?.fields).toMatchObject({
        id: 7,
        note: 'Spare for the nanny',
      }),
    );
  });
});

describe('card pages', () => {
  it('reads the list filters from the URL, ignoring unknown values', () => {
    expect(cardFiltersOf(new URLSearchParams('type=2&status=issued'))).toEqual({ type: 2, status: 'issued' });
    expect(cardFiltersOf(new URLSearchParams('type=9&status=lost'))).toEqual({});
  });

  it('offers master and super cards to the super administrator only', () => {
    expect(issuableTypes('super')).toEqual([1, 2, 3, 5, 6]);
    expect(issuableTypes('secondary')).toEqual([2, 3, 5]);
    expect(issuableTypes(undefined)).toEqual([2, 3, 5]);
  });

  it('asks a secondary administrator for the locks of a universal card: only the super administrator opens them all', async () => {
    expect(mayOpenEveryLock('super')).toBe(true);
    expect(mayOpenEveryLock('secondary')).toBe(false);
    setUserInfo({ uid: 2, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'secondary', nickname: 'Desk' });
    seen = fakeServer({
      'room/allLock': () => ({
        errno: 0,
        data: { list: [{ id: 17, name: '1101', building: 1, floor: 1, mac_id: 'A0B0C0010101' }], total: 1 },
      }),
      'lock/accessControlList': () => ({ errno: 0, data: { list: [] } }),
      'lock/managerAddNew': () => ({ errno: 0, data: plan() }),
    });
    wrap(<AddCardPage />);
    const type = await screen.findByTestId('add-card-type');
    await userEvent.click(within(type).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Universal card'));
    await userEvent.click(screen.getByTestId('add-card-oneWeek'));
    await userEvent.click(screen.getByTestId('add-card-write'));
    expect(
      await screen.findByText(
        'Choose the locks it opens: only the super administrator can issue a card for every lock.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(callsTo(seen, 'lock/managerAddNew')).toEqual([]);
    expect(fake.names()).not.toContain('writeBlock');
  });

  it('asks the server for the plan of the chosen type with the card on the encoder', async () => {
    seen = fakeServer({
      'room/cardAdd': () => ({ errno: 0, data: plan() }),
      'lock/managerAddNew': () => ({ errno: 0, data: plan() }),
    });
    await planCall({ type: 3, building: 2, floor: 5, access_controls: [9], note: ' desk ' }, UID);
    await planCall({ type: 5, room_ids: [17, 18] }, UID);
    expect(callsTo(seen, 'room/cardAdd')[0]?.fields).toMatchObject({
      type: 3,
      card_uid: UID,
      building: 2,
      floor: 5,
      access_controls: [9],
      note: 'desk',
      unsubscribe_old: 0,
    });
    expect(callsTo(seen, 'lock/managerAddNew')[0]?.fields).toMatchObject({
      type: 5,
      card_uid: UID,
      room_ids: [17, 18],
    });
  });
});
