/**
 * The personal centre's account (API.md §16): user/info answers the signed-in account's user info of spec §3, and an
 * account picture uploaded through oss/token (purpose avatar) is put on the account by user/setAvatar — only a
 * picture of its own, never another account's or another purpose's.
 */
import { errorText } from '@lockdesk/protocol';
import { beforeEach, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { describeEachDatabase } from './helpers.js';
import { fakeUpload, HTML, PNG, tempDataDir, upload } from './media-helpers.js';

interface Info {
  uid: number;
  mobile: string;
  avatar: string;
  role: string;
  hotel_name: string;
  gender: number;
  created_at: number;
  balance_fen: number | null;
}

describeEachDatabase(
  'personal centre',
  (t) => {
    beforeEach(() => t.reset());

    it('answers the account user info, for every role', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      const info = await t.call<Info>('user/info', {}, { token });
      expect(info.errno, info.errmsg).toBe(0);
      expect(info.data).toMatchObject({
        uid: t.ids.users.super,
        mobile: DEMO_ACCOUNTS.super,
        role: 'super',
        hotel_name: 'LockDesk Demo Hotel',
        avatar: '',
        gender: 0,
      });
      expect(typeof info.data.balance_fen).toBe('number');
      const manager = await t.login(DEMO_ACCOUNTS.customerManager);
      const theirs = await t.call<Info>('user/info', {}, { token: manager });
      expect(theirs.data).toMatchObject({ role: 'customer_manager', hotel_name: '', balance_fen: null });
    });

    it('uploads a picture through oss/token and puts it on the account', async () => {
      const token = await t.login(DEMO_ACCOUNTS.staff);
      const uploaded = await upload(t, token, 'avatar', PNG);
      expect(uploaded.errno, uploaded.errmsg).toBe(0);
      const url = uploaded.data?.url as string;
      const set = await t.call<Info>('user/setAvatar', { avatar: url }, { token });
      expect(set.errno, set.errmsg).toBe(0);
      expect(set.data.avatar).toBe(url);
      expect((await t.call<Info>('user/info', {}, { token })).data.avatar).toBe(url);
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      // Not a page pretending to be a picture.
      const refused = await upload(t, token, 'avatar', HTML, 'x.png');
      expect(refused.code).toBe('FILE_TYPE_NOT_ALLOWED');
    });

    it('refuses another account picture, another purpose and a customer manager without hotel', async () => {
      const staff = await t.login(DEMO_ACCOUNTS.staff);
      const mine = (await upload(t, staff, 'avatar', PNG)).data?.url as string;
      const owner = await t.login(DEMO_ACCOUNTS.super);
      const invalid = errorText('UPLOAD_FILE_INVALID', { field: 'avatar' });
      expect((await t.call('user/setAvatar', { avatar: mine }, { token: owner })).errmsg).toBe(invalid);
      const face = await fakeUpload(t, 'face');
      expect((await t.call('user/setAvatar', { avatar: face }, { token: owner })).errmsg).toBe(invalid);
      expect(
        (await t.call('user/setAvatar', { avatar: '/files/nothing.png' }, { token: owner })).errmsg,
      ).toBe(invalid);
      expect((await t.call('user/setAvatar', {}, { token: owner })).errmsg).toBe(
        errorText('FIELD_REQUIRED', { field: 'avatar' }),
      );
      const manager = await t.login(DEMO_ACCOUNTS.customerManager);
      expect((await t.call('oss/token', { purpose: 'avatar' }, { token: manager })).code).toBe(
        'PERMISSION_DENIED',
      );
      expect((await t.call('user/setAvatar', { avatar: mine }, { token: manager })).code).toBe(
        'PERMISSION_DENIED',
      );
    });
  },
  { dataDir: tempDataDir() },
);
