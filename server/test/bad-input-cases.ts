/**
 * Missing and malformed fields of every /manage call, each with the spec's message: the room areas' table (used by
 * permissions.test.ts, next to the role matrix) and the account, hotel and log calls' table (bad-input.test.ts,
 * which also checks that the two tables together name every registered call).
 */
import type { ErrorCode } from '@lockdesk/protocol';

/** A body, the catalogue code it must be refused with, and the code's parameters. */
export type BadInput = [Record<string, unknown>, ErrorCode, Record<string, string | number>?];

/** Missing and malformed fields of every call, each with the spec's message. */
export const ROOM_BAD_INPUT: Record<string, BadInput[]> = {
  'room/listNew': [
    [{ page: 0 }, 'FIELD_INVALID', { field: 'page' }],
    [{ category_id: 'x' }, 'FIELD_INVALID', { field: 'category_id' }],
  ],
  'room/setRoomStatus': [
    [{ status: 4 }, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 1 }, 'FIELD_REQUIRED', { field: 'status' }],
    [{ room_id: 1, status: 7 }, 'FIELD_INVALID', { field: 'status' }],
  ],
  'room/allLock': [[{ name: 'x'.repeat(51) }, 'FIELD_INVALID', { field: 'name' }]],
  'room/lockInfo': [
    [{}, 'FIELD_REQUIRED', { field: 'mac_id' }],
    [{ mac_id: 'A0B0' }, 'FIELD_INVALID', { field: 'mac_id' }],
  ],
  'room/info': [
    [{}, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 'x' }, 'FIELD_INVALID', { field: 'room_id' }],
  ],
  'room/setLockData': [
    [{ name: 'x' }, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 1, floor: 'top' }, 'FIELD_INVALID', { field: 'floor' }],
    [{ room_id: 1, picture: 'http://example.com/a.png' }, 'PICTURE_URL_INVALID', { field: 'picture' }],
  ],
  'room/addRoom': [
    [{}, 'FIELD_REQUIRED', { field: 'name' }],
    [{ name: '   ' }, 'FIELD_REQUIRED', { field: 'name' }],
    [{ name: 'x'.repeat(51) }, 'FIELD_INVALID', { field: 'name' }],
    [{ name: 'A-2', category_id: 'suite' }, 'FIELD_INVALID', { field: 'category_id' }],
    [{ name: 'A-2', category_id: 999_999 }, 'FIELD_INVALID', { field: 'category_id' }],
    [{ name: 'A-2', building: -1 }, 'FIELD_INVALID', { field: 'building' }],
    [{ name: 'A-2', floor: 'first' }, 'FIELD_INVALID', { field: 'floor' }],
    [{ name: 'A-2', floor: 1000 }, 'FIELD_INVALID', { field: 'floor' }],
    [{ name: 'A-2', mac_id: 'XYZ' }, 'FIELD_INVALID', { field: 'mac_id' }],
    [{ name: 'A-2', bluetooth_name: 'b'.repeat(65) }, 'FIELD_INVALID', { field: 'bluetooth_name' }],
    [{ name: 'A-2', remark: 'r'.repeat(101) }, 'FIELD_INVALID', { field: 'remark' }],
  ],
  'room/deleteRoom': [
    [{}, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 'A-2' }, 'FIELD_INVALID', { field: 'room_id' }],
    [{ room_id: 0 }, 'FIELD_INVALID', { field: 'room_id' }],
  ],
  'room/exchangeHouses': [
    [{ new_room_id: 2 }, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 1, new_room_id: -2 }, 'FIELD_INVALID', { field: 'new_room_id' }],
  ],
  'room/setPrice': [
    [{ price: 10 }, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 1, price: -3 }, 'PRICE_TOO_LOW', { field: 'price' }],
    [{ room_id: 1, price: 10, deposit: -1 }, 'FIELD_INVALID', { field: 'deposit' }],
    [{ room_id: 1, price: 10, date_prices: 'soon' }, 'FIELD_INVALID', { field: 'date_prices' }],
  ],
  'room/priceInfo': [
    [{}, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 'x' }, 'FIELD_INVALID', { field: 'room_id' }],
  ],
  'room/setRenew': [
    [{ room_id: 1 }, 'FIELD_REQUIRED', { field: 'renew' }],
    [{ room_id: 1, renew: 2 }, 'FIELD_INVALID', { field: 'renew' }],
  ],
  'room/countRoomPriceNew': [
    [{ end_time: 1_900_000_000 }, 'FIELD_REQUIRED', { field: 'room_id' }],
    [
      { room_id: 1, start_time: 'x', end_time: 1_900_000_000 },
      'CHECK_IN_TIME_REQUIRED',
      { field: 'start_time' },
    ],
    [
      { room_id: 1, start_time: 1_900_000_000, end_time: 'x' },
      'CHECK_OUT_TIME_REQUIRED',
      { field: 'end_time' },
    ],
  ],
  'priceTemplate/setPriceTemplate': [
    [{ room_ids: [1] }, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 1 }, 'FIELD_REQUIRED', { field: 'room_ids' }],
    [{ id: 1, room_ids: [] }, 'FIELD_REQUIRED', { field: 'room_ids' }],
  ],
  'room/tenant/list': [
    [{}, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 1, limit: 1000 }, 'FIELD_INVALID', { field: 'limit' }],
  ],
  'room/tenant/update/checkIn': [
    [{ mobile: '13900000000' }, 'FIELD_REQUIRED', { field: 'room_id' }],
    [
      { room_id: 1, mobile: '13900000000', start_time: 1_900_000_000 },
      'CHECK_OUT_TIME_REQUIRED',
      { field: 'end_time' },
    ],
    [{ room_id: 1, mobile: 'abc' }, 'MOBILE_INVALID', { field: 'mobile' }],
  ],
  'room/tenant/limitPassword': [
    [{ limit: true }, 'FIELD_REQUIRED', { field: 'stay_id' }],
    [{ stay_id: 1, limit: 'yes' }, 'FIELD_INVALID', { field: 'limit' }],
  ],
  'room/checkOut': [
    [{}, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 1, stay_id: 0 }, 'FIELD_INVALID', { field: 'stay_id' }],
  ],
  'room/addPassenger': [
    [{ mobile: '13900000000' }, 'FIELD_REQUIRED', { field: 'stay_id' }],
    [{ stay_id: 1 }, 'MOBILE_INVALID', { field: 'mobile' }],
    [
      { stay_id: 1, mobile: '13900000000', nickname: 'n'.repeat(40) },
      'NICKNAME_TOO_LONG',
      { field: 'nickname' },
    ],
  ],
  'room/deletePassenger': [
    [{}, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 1.5 }, 'FIELD_INVALID', { field: 'id' }],
  ],
  'user/freezeUser': [
    [{ frozen: true }, 'FIELD_REQUIRED', { field: 'stay_id' }],
    [{ stay_id: 1, frozen: 'ice' }, 'FIELD_INVALID', { field: 'frozen' }],
  ],
  'user/setUserExpiration': [
    [{ end_time: 1_900_000_000 }, 'FIELD_REQUIRED', { field: 'stay_id' }],
    [{ stay_id: 1, end_time: 'later' }, 'SET_EXPIRATION_FAILED', { field: 'end_time' }],
  ],
  'passenger/list': [[{ page: -1 }, 'FIELD_INVALID', { field: 'page' }]],
  'passenger/info': [
    [{}, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 'me' }, 'FIELD_INVALID', { field: 'id' }],
  ],
  'room/category/list': [[{}, 'FIELD_INVALID', { field: 'never' }]],
  'room/addCategory': [
    [{ sort: 1 }, 'GROUP_NAME_REQUIRED', { field: 'name' }],
    [{ name: 'A' }, 'SORT_ORDER_REQUIRED', { field: 'sort' }],
    [{ name: 'x'.repeat(51), sort: 1 }, 'FIELD_INVALID', { field: 'name' }],
  ],
  'room/change/category': [
    [{ name: 'A', sort: 1 }, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 1, name: 'A', sort: 1.5 }, 'SORT_ORDER_REQUIRED', { field: 'sort' }],
  ],
  'hotel/delCategory': [
    [{}, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 'all' }, 'FIELD_INVALID', { field: 'id' }],
  ],
  'hotel/parentCategoryList': [[{}, 'FIELD_INVALID', { field: 'never' }]],
  'hotel/categoryList': [[{ parent_id: 'top' }, 'FIELD_INVALID', { field: 'parent_id' }]],
  'hotel/addRoomCategory': [
    [{ sort: 1 }, 'GROUP_NAME_REQUIRED', { field: 'name' }],
    [{ name: 'B', sort: 'x' }, 'SORT_ORDER_REQUIRED', { field: 'sort' }],
    [{ name: 'B', sort: 1, parent_id: 0 }, 'FIELD_INVALID', { field: 'parent_id' }],
  ],
  'priceTemplate/lists': [[{ limit: 0 }, 'FIELD_INVALID', { field: 'limit' }]],
  'priceTemplate/info': [[{}, 'FIELD_REQUIRED', { field: 'id' }]],
  'priceTemplate/add': [
    [{ price: 10 }, 'FIELD_REQUIRED', { field: 'name' }],
    [{ name: 'T' }, 'PRICE_TOO_LOW', { field: 'price' }],
    [{ name: 'T', price: 10, weekend_price: 'x' }, 'FIELD_INVALID', { field: 'weekend_price' }],
  ],
  'priceTemplate/delete': [[{ id: null }, 'FIELD_REQUIRED', { field: 'id' }]],
  'room/staffList': [[{ role: 'owner' }, 'FIELD_INVALID', { field: 'role' }]],
  'room/addStaff': [
    [{}, 'MOBILE_INVALID', { field: 'mobile' }],
    [{ mobile: '13500000000', password: '12345' }, 'PASSWORD_TOO_SHORT', { field: 'password' }],
    [{ mobile: '13500000000', room_ids: [0] }, 'FIELD_INVALID', { field: 'room_ids' }],
  ],
  'room/deleteStaff': [[{ id: '' }, 'FIELD_REQUIRED', { field: 'id' }]],
  'room/addStaffManageLock': [
    [{ room_ids: [1] }, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 1 }, 'FIELD_REQUIRED', { field: 'room_ids' }],
  ],
  'room/staffManageRoomList': [[{}, 'FIELD_REQUIRED', { field: 'id' }]],
  'room/staffManageRoomList1': [[{ id: 1, page: 'two' }, 'FIELD_INVALID', { field: 'page' }]],
};

const HOTEL = { name: 'Harbour Inn', address: '1 Quay Road', telephone: '021-55550101' };

/**
 * The account, hotel, log and demo calls. An empty list marks a call that takes no fields: it must ignore unknown
 * ones and answer.
 */
export const OTHER_BAD_INPUT: Record<string, BadInput[]> = {
  captcha: [],
  login: [
    [{ password: 'demo1234' }, 'ACCOUNT_INVALID'],
    [{ mobile: '12345', password: 'demo1234' }, 'ACCOUNT_INVALID'],
    [{ mobile: '13800138000' }, 'PASSWORD_TOO_SHORT', { field: 'password' }],
    [{ mobile: '13800138000', password: '12345' }, 'PASSWORD_TOO_SHORT', { field: 'password' }],
    [
      { mobile: '13800138000', password: 'demo1234', code: '12a4' },
      'GRAPHIC_CODE_INVALID',
      { field: 'code' },
    ],
  ],
  logout: [],
  'setting/updatePassword': [
    [{ newPassword: 'n3wpass1' }, 'PASSWORD_TOO_SHORT', { field: 'oldPassword' }],
    [{ oldPassword: 'demo1234', newPassword: 'abc' }, 'PASSWORD_TOO_SHORT', { field: 'newPassword' }],
    [
      { oldPassword: 'demo1234', newPassword: 'n3wpass1', confirmPassword: 'n3wpass2' },
      'FIELD_INVALID',
      { field: 'confirmPassword' },
    ],
  ],
  'getBack/sendMsg': [
    [{}, 'MOBILE_INVALID', { field: 'mobile' }],
    [{ mobile: '1380013800' }, 'MOBILE_INVALID', { field: 'mobile' }],
  ],
  'getBack/reset': [
    [{ code: '123456', password: 'r3setpass' }, 'MOBILE_INVALID', { field: 'mobile' }],
    [{ mobile: '13800138000', password: 'r3setpass' }, 'SMS_CODE_REQUIRED', { field: 'code' }],
    [{ mobile: '13800138000', code: 'abc', password: 'r3setpass' }, 'SMS_CODE_INCORRECT', { field: 'code' }],
    [{ mobile: '13800138000', code: '123456' }, 'PASSWORD_TOO_SHORT', { field: 'password' }],
  ],
  'user/setManager': [
    [{}, 'MOBILE_INVALID', { field: 'mobile' }],
    [{ mobile: '13700000001', nickname: 'x'.repeat(33) }, 'NICKNAME_TOO_LONG', { field: 'nickname' }],
    [{ mobile: '13700000001', password: '123' }, 'PASSWORD_TOO_SHORT', { field: 'password' }],
    [{ mobile: '13700000001', authorities: ['root'] }, 'FIELD_INVALID', { field: 'authorities' }],
    [{ mobile: '13700000001', room_ids: 'all' }, 'FIELD_INVALID', { field: 'room_ids' }],
  ],
  'room/setHotelInfo': [
    [{ ...HOTEL, name: '' }, 'FIELD_REQUIRED', { field: 'name' }],
    [{ ...HOTEL, telephone: 'call me' }, 'FIELD_INVALID', { field: 'telephone' }],
    [{ ...HOTEL, latitude: 91 }, 'FIELD_INVALID', { field: 'latitude' }],
  ],
  'room/setHotelData': [
    [{ name: 'Inn', telephone: '021-55550101' }, 'FIELD_REQUIRED', { field: 'address' }],
    [{ ...HOTEL, longitude: 'east' }, 'FIELD_INVALID', { field: 'longitude' }],
  ],
  'room/hotelInfo': [],
  'room/getHotelInfo': [],
  'room/hotelBreakFastList': [],
  'room/hotelBreakFast': [
    [{}, 'FIELD_REQUIRED', { field: 'enabled' }],
    [{ enabled: 'maybe' }, 'FIELD_INVALID', { field: 'enabled' }],
    [{ enabled: true, start_time: '25:00' }, 'FIELD_INVALID', { field: 'start_time' }],
    [{ enabled: true, list: 'none' }, 'FIELD_INVALID', { field: 'list' }],
  ],
  'operation/list': [
    [{ limit: 101 }, 'FIELD_INVALID', { field: 'limit' }],
    [{ start_time: 'yesterday' }, 'FIELD_INVALID', { field: 'start_time' }],
    [{ user_id: 0 }, 'FIELD_INVALID', { field: 'user_id' }],
    [{ area: 'kitchen' }, 'FIELD_INVALID', { field: 'area' }],
    [{ room_id: 'x' }, 'FIELD_INVALID', { field: 'room_id' }],
    [{ result: 'maybe' }, 'FIELD_INVALID', { field: 'result' }],
    [{ start_time: 2_000_000_000, end_time: 1_900_000_000 }, 'END_BEFORE_START', { field: 'end_time' }],
  ],
  'operation/accounts': [
    [{ page: 0 }, 'FIELD_INVALID', { field: 'page' }],
    [{ keyword: 'x'.repeat(51) }, 'FIELD_INVALID', { field: 'keyword' }],
  ],
  // Customers (API.md §16; both roles and the matrix are in customers.test.ts)
  'room/clientList': [
    [{ limit: 0 }, 'FIELD_INVALID', { field: 'limit' }],
    [{ state: 'gone' }, 'FIELD_INVALID', { field: 'state' }],
  ],
  'room/clientSet': [
    [{}, 'CUSTOMER_MANAGER_MOBILE_EMPTY'],
    [{ mobile: '1380013800' }, 'MOBILE_INVALID'],
  ],
  'room/clientDelete': [[{ id: 'x' }, 'FIELD_INVALID', { field: 'id' }]],
  // The personal centre's account (API.md §16; the rest in profile.test.ts)
  'user/info': [],
  'user/setAvatar': [
    [{}, 'FIELD_REQUIRED', { field: 'avatar' }],
    [{ avatar: 'x'.repeat(301) }, 'FIELD_INVALID', { field: 'avatar' }],
    [{ avatar: 'https://example.com/a.png' }, 'UPLOAD_FILE_INVALID', { field: 'avatar' }],
  ],
  // Uploads, faces and fingerprints (API.md §7; the role matrix is in credentials.test.ts)
  'oss/token': [
    [{}, 'FIELD_REQUIRED', { field: 'purpose' }],
    [{ purpose: 'selfie' }, 'FIELD_INVALID', { field: 'purpose' }],
  ],
  'user/uploadTFaceImg': [
    [{ note: 'Li Wei', image: '/files/x.png' }, 'FACE_ID_REQUIRED', { field: 'face_id' }],
    [{ face_id: 'G-1', note: ' ', image: '/files/x.png' }, 'FACE_NOTE_REQUIRED', { field: 'note' }],
    [{ face_id: 'G-1', note: 'Li Wei' }, 'FACE_IMAGE_REQUIRED', { field: 'image' }],
    [
      { face_id: 'G'.repeat(65), note: 'Li Wei', image: '/files/x.png' },
      'FIELD_INVALID',
      { field: 'face_id' },
    ],
    [{ face_id: 'G-1', note: 'n'.repeat(101), image: '/files/x.png' }, 'FIELD_INVALID', { field: 'note' }],
    [{ face_id: 'G-1', note: 'Li Wei', image: 'x'.repeat(301) }, 'UPLOAD_FILE_INVALID', { field: 'image' }],
    [
      { face_id: 'G-1', note: 'Li Wei', image: '/files/../../etc/passwd' },
      'UPLOAD_FILE_INVALID',
      { field: 'image' },
    ],
    [
      { face_id: 'G-1', note: 'Li Wei', image: '/files/x.png', room_id: 0 },
      'FIELD_INVALID',
      { field: 'room_id' },
    ],
    [
      { face_id: 'G-1', note: 'Li Wei', image: '/files/x.png', stay_id: 'x' },
      'FIELD_INVALID',
      { field: 'stay_id' },
    ],
  ],
  'user/faceImgList': [
    [{ page: 0 }, 'FIELD_INVALID', { field: 'page' }],
    [{ limit: 101 }, 'FIELD_INVALID', { field: 'limit' }],
    [{ room_id: 'a' }, 'FIELD_INVALID', { field: 'room_id' }],
    [{ stay_id: -1 }, 'FIELD_INVALID', { field: 'stay_id' }],
    [{ keyword: 'k'.repeat(51) }, 'FIELD_INVALID', { field: 'keyword' }],
  ],
  'user/updateFaceNote': [
    [{ note: 'Li Wei' }, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 'one', note: 'Li Wei' }, 'FIELD_INVALID', { field: 'id' }],
    [{ id: 1 }, 'FACE_NOTE_REQUIRED', { field: 'note' }],
    [{ id: 1, note: 'n'.repeat(101) }, 'FIELD_INVALID', { field: 'note' }],
  ],
  'user/updateLockFaceNote': [
    [{ lock_note: 'LI W' }, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 1, lock_note: 'L'.repeat(33) }, 'FIELD_INVALID', { field: 'lock_note' }],
  ],
  'user/deleteTFaceImg': [
    [{}, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 0 }, 'FIELD_INVALID', { field: 'id' }],
  ],
  'fingerprint/addData': [
    [{ finger_id: 'F 1', note: 'thumb', data: 'ab'.repeat(32) }, 'FIELD_INVALID', { field: 'finger_id' }],
    [{ data: 'ab'.repeat(32) }, 'FIELD_REQUIRED', { field: 'note' }],
    [{ note: 'n'.repeat(101), data: 'ab'.repeat(32) }, 'FIELD_INVALID', { field: 'note' }],
    [{ note: 'thumb' }, 'FIELD_REQUIRED', { field: 'data' }],
    [{ note: 'thumb', data: 'not a template!' }, 'FINGERPRINT_DATA_INVALID', { field: 'data' }],
    [{ note: 'thumb', data: 'abcd' }, 'FINGERPRINT_DATA_INVALID', { field: 'data' }],
    [{ note: 'thumb', data: 'ab'.repeat(32), room_id: 'x' }, 'FIELD_INVALID', { field: 'room_id' }],
    [{ note: 'thumb', data: 'ab'.repeat(32), stay_id: 0 }, 'FIELD_INVALID', { field: 'stay_id' }],
  ],
  'fingerprint/dataLists': [
    [{ page: 'two' }, 'FIELD_INVALID', { field: 'page' }],
    [{ limit: 0 }, 'FIELD_INVALID', { field: 'limit' }],
    [{ room_id: 1.5 }, 'FIELD_INVALID', { field: 'room_id' }],
    [{ stay_id: 'x' }, 'FIELD_INVALID', { field: 'stay_id' }],
    [{ keyword: 'k'.repeat(51) }, 'FIELD_INVALID', { field: 'keyword' }],
  ],
  'fingerprint/delData': [
    [{}, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 'x' }, 'FIELD_INVALID', { field: 'id' }],
  ],
  'fingerprint/send': [
    [{ room_id: 1 }, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 1 }, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ id: 1, room_id: -1 }, 'FIELD_INVALID', { field: 'room_id' }],
  ],
  'fingerprint/sendDataList': [
    [{ room_id: 'x' }, 'FIELD_INVALID', { field: 'room_id' }],
    [{ fingerprint_id: 0 }, 'FIELD_INVALID', { field: 'fingerprint_id' }],
    [{ status: 'lost' }, 'FIELD_INVALID', { field: 'status' }],
    [{ limit: 0 }, 'FIELD_INVALID', { field: 'limit' }],
  ],
  'fingerprint/delSendData': [
    [{}, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 1.5 }, 'FIELD_INVALID', { field: 'id' }],
  ],
  'dev/smsOutbox': [[{ mobile: '123' }, 'MOBILE_INVALID', { field: 'mobile' }]],
  // PIN passwords and unlock records: their role matrix and every field's cases are in passwords.test.ts and
  // unlock-records.test.ts; these rows keep the registry check whole.
  'room/password': [
    [{}, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 1, single_use: 'maybe' }, 'FIELD_INVALID', { field: 'single_use' }],
  ],
  'room/addPassword': [
    [{ password: '123456' }, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 1, password: '12345' }, 'CHECKIN_PASSWORD_INVALID', { field: 'password' }],
  ],
  'room/passwordList': [[{}, 'FIELD_REQUIRED', { field: 'room_id' }]],
  'room/passwordHistory': [[{ room_id: 1, status: 'lost' }, 'FIELD_INVALID', { field: 'status' }]],
  'room/callbackPassword': [[{}, 'FIELD_REQUIRED', { field: 'id' }]],
  'room/deletePassword': [[{ id: 'x' }, 'FIELD_INVALID', { field: 'id' }]],
  'room/openHistory': [[{ type: 'door' }, 'FIELD_INVALID', { field: 'type' }]],
  'room/openHistoryByPeople': [[{}, 'FIELD_REQUIRED', { field: 'stay_id' }]],
  // Card dispensers, M1 and CPU cards (API.md §9; the role matrices are in dispensers, m1-cards and cpu-cards tests)
  'cardDispenser/add': [
    [{ type: '1' }, 'SENDER_NUMBER_REQUIRED', { field: 'mac_id' }],
    [{ mac_id: '04178020000', type: '1' }, 'READER_ADDRESS_INVALID', { field: 'mac_id' }],
    [{ mac_id: '04178020000G', type: '1' }, 'READER_ADDRESS_INVALID', { field: 'mac_id' }],
    [{ mac_id: '041780200001' }, 'FIELD_REQUIRED', { field: 'type' }],
    [{ mac_id: '041780200001', type: '5' }, 'FIELD_INVALID', { field: 'type' }],
    [{ mac_id: '041780200001', type: '1', name: 'n'.repeat(33) }, 'FIELD_INVALID', { field: 'name' }],
  ],
  'cardDispenser/lists': [
    [{ page: 0 }, 'FIELD_INVALID', { field: 'page' }],
    [{ pageSize: 101 }, 'FIELD_INVALID', { field: 'pageSize' }],
    [{ type: 'cpu' }, 'FIELD_INVALID', { field: 'type' }],
    [{ keyword: 'k'.repeat(51) }, 'FIELD_INVALID', { field: 'keyword' }],
  ],
  'cardDispenser/checkStatus': [
    [{}, 'SENDER_NUMBER_REQUIRED', { field: 'mac_id' }],
    [{ mac_id: '12-34' }, 'READER_ADDRESS_INVALID', { field: 'mac_id' }],
    [{ mac_id: '041780200001', seen: 'often' }, 'FIELD_INVALID', { field: 'seen' }],
  ],
  'cardDispenser/userBind': [
    [{ user_id: 1 }, 'SENDER_NUMBER_REQUIRED', { field: 'mac_id' }],
    [{ mac_id: '041780200001' }, 'FIELD_REQUIRED', { field: 'user_id' }],
    [{ mac_id: '041780200001', user_id: -1 }, 'FIELD_INVALID', { field: 'user_id' }],
    [{ mac_id: '0417802000012', user_id: 1 }, 'READER_ADDRESS_INVALID', { field: 'mac_id' }],
  ],
  'cardDispenser/getUserBind': [],
  'dispenser/brokerCredential': [
    [{}, 'SENDER_NUMBER_REQUIRED', { field: 'mac_id' }],
    [{ mac_id: '12-34' }, 'READER_ADDRESS_INVALID', { field: 'mac_id' }],
  ],
  'broker/credential': [
    [{ username: ['a'] }, 'FIELD_INVALID', { field: 'username' }],
    [{ username: 'u'.repeat(65) }, 'FIELD_INVALID', { field: 'username' }],
  ],
  'User/setUserDispenserType': [
    [{}, 'FIELD_REQUIRED', { field: 'type' }],
    [{ type: '0' }, 'FIELD_INVALID', { field: 'type' }],
  ],
  'User/getUserDispenserType': [],
  'app/getAesEight': [
    [{}, 'FIELD_REQUIRED', { field: 'card_uid' }],
    [{ card_uid: 'A1B2C3' }, 'FIELD_INVALID', { field: 'card_uid' }],
    [{ card_uid: 'hello world' }, 'FIELD_INVALID', { field: 'card_uid' }],
  ],
  'lockCardM1/add': [
    [{ card_uid: 'A1B2C3D4', end_time: 2_000_000_000 }, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 1, end_time: 2_000_000_000 }, 'FIELD_REQUIRED', { field: 'card_uid' }],
    [{ room_id: 1, card_uid: 'A1B2C3', end_time: 2_000_000_000 }, 'FIELD_INVALID', { field: 'card_uid' }],
    [{ room_id: 1, card_uid: 'A1B2C3D4E5', end_time: 2_000_000_000 }, 'FIELD_INVALID', { field: 'card_uid' }],
    [{ room_id: 1, card_uid: 'Z1B2C3D4', end_time: 2_000_000_000 }, 'FIELD_INVALID', { field: 'card_uid' }],
    [{ room_id: 1, card_uid: 'A1B2C3D4' }, 'CARD_EXPIRY_REQUIRED', { field: 'end_time' }],
    [{ room_id: 1, card_uid: 'A1B2C3D4', end_time: 'soon' }, 'CARD_EXPIRY_REQUIRED', { field: 'end_time' }],
    [
      { room_id: 1, card_uid: 'A1B2C3D4', end_time: 1_000_000_000 },
      'EXPIRATION_NOT_FUTURE',
      { field: 'end_time' },
    ],
    [
      { room_id: 1, card_uid: 'A1B2C3D4', end_time: 2_100_000_000 },
      'CARD_EXPIRY_TOO_LATE',
      { field: 'end_time' },
    ],
    [
      { room_id: 1, card_uid: 'A1B2C3D4', end_time: 2_000_000_000, note: 'n'.repeat(65) },
      'FIELD_INVALID',
      { field: 'note' },
    ],
  ],
  'lockCardM1/lists': [
    [{ room_id: 'x' }, 'FIELD_INVALID', { field: 'room_id' }],
    [{ status: 'lost' }, 'FIELD_INVALID', { field: 'status' }],
    [{ page: 0 }, 'FIELD_INVALID', { field: 'page' }],
    [{ limit: 101 }, 'FIELD_INVALID', { field: 'limit' }],
  ],
  'lockCardM1/delCard': [
    [{}, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 'x' }, 'FIELD_INVALID', { field: 'id' }],
  ],
  'lockCardM1/readCard': [
    [{}, 'FIELD_REQUIRED', { field: 'card_uid' }],
    [{ card_uid: 'hello' }, 'FIELD_INVALID', { field: 'card_uid' }],
  ],
  'lockCardM1/notify': [
    [{ status: 'delivered' }, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 1 }, 'FIELD_REQUIRED', { field: 'status' }],
    [{ id: 1, status: 'lost' }, 'FIELD_INVALID', { field: 'status' }],
  ],
  'lockCardCpu/add': [
    [{ end_time: 2_000_000_000 }, 'FIELD_REQUIRED', { field: 'serial' }],
    [{ serial: '1234567', end_time: 2_000_000_000 }, 'FIELD_INVALID', { field: 'serial' }],
    [{ serial: '1'.repeat(21), end_time: 2_000_000_000 }, 'FIELD_INVALID', { field: 'serial' }],
    [{ serial: 'CPU-CARD', end_time: 2_000_000_000 }, 'FIELD_INVALID', { field: 'serial' }],
    [{ serial: '12345678' }, 'CARD_EXPIRY_REQUIRED', { field: 'end_time' }],
    [{ serial: '12345678', end_time: 1_000_000_000 }, 'EXPIRATION_NOT_FUTURE', { field: 'end_time' }],
    [{ serial: '12345678', end_time: 2_100_000_000 }, 'CARD_EXPIRY_TOO_LATE', { field: 'end_time' }],
    [{ serial: '12345678', end_time: 2_000_000_000, room_id: 0 }, 'FIELD_INVALID', { field: 'room_id' }],
    [{ serial: '12345678', end_time: 2_000_000_000, stay_id: 'x' }, 'FIELD_INVALID', { field: 'stay_id' }],
  ],
  'lockCardCpu/lists': [
    [{ room_id: 0 }, 'FIELD_INVALID', { field: 'room_id' }],
    [{ stay_id: 'x' }, 'FIELD_INVALID', { field: 'stay_id' }],
    [{ status: 'lost' }, 'FIELD_INVALID', { field: 'status' }],
    [{ pageSize: 0 }, 'FIELD_INVALID', { field: 'pageSize' }],
  ],
  'lockCardCpu/delCard': [
    [{}, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: -1 }, 'FIELD_INVALID', { field: 'id' }],
  ],
  'lockCardCpu/sendCard': [
    [{ mac_id: '041780200001' }, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 1 }, 'SENDER_NUMBER_REQUIRED', { field: 'mac_id' }],
    [{ id: 1, mac_id: 'reader' }, 'READER_ADDRESS_INVALID', { field: 'mac_id' }],
    [{ id: 1, mac_id: '041780200001', result: 'lost' }, 'FIELD_INVALID', { field: 'result' }],
  ],
  // Key cards (API.md §8): their role matrix is in cards-permissions.test.ts, their flows in cards.test.ts.
  'room/sendCard': [
    [{ card_uid: '04A1B2C3' }, 'FIELD_REQUIRED', { field: 'stay_id' }],
    [{ stay_id: 1 }, 'FIELD_REQUIRED', { field: 'card_uid' }],
    [{ stay_id: 1, card_uid: '04A1B2' }, 'FIELD_INVALID', { field: 'card_uid' }],
    [
      { stay_id: 1, card_uid: '04A1B2C3', unsubscribe_old: 'yes' },
      'FIELD_INVALID',
      { field: 'unsubscribe_old' },
    ],
  ],
  'room/cardAdd': [
    [{ card_uid: '04A1B2C3', end_time: 2_000_000_000 }, 'FIELD_REQUIRED', { field: 'type' }],
    [{ type: 4, card_uid: '04A1B2C3', end_time: 2_000_000_000 }, 'FIELD_INVALID', { field: 'type' }],
    [{ type: 1, end_time: 2_000_000_000 }, 'FIELD_REQUIRED', { field: 'card_uid' }],
    [{ type: 1, card_uid: '04A1B2C3' }, 'CARD_EXPIRY_REQUIRED', { field: 'end_time' }],
    [
      { type: 1, card_uid: '04A1B2C3', end_time: 1_000_000_000 },
      'EXPIRATION_NOT_FUTURE',
      { field: 'end_time' },
    ],
    [
      { type: 1, card_uid: '04A1B2C3', end_time: 2_100_000_000 },
      'CARD_EXPIRY_TOO_LATE',
      { field: 'end_time' },
    ],
    [{ type: 2, card_uid: '04A1B2C3', end_time: 2_000_000_000 }, 'BUILDING_REQUIRED', { field: 'building' }],
    [
      { type: 3, card_uid: '04A1B2C3', end_time: 2_000_000_000, building: 1 },
      'FLOOR_REQUIRED',
      { field: 'floor' },
    ],
    [
      { type: 1, card_uid: '04A1B2C3', end_time: 2_000_000_000, access_controls: [1, 2, 3, 4] },
      'TOO_MANY_ACCESS_CONTROLS',
      { field: 'access_controls' },
    ],
    [
      { type: 1, card_uid: '04A1B2C3', end_time: 2_000_000_000, note: 'n'.repeat(65) },
      'FIELD_INVALID',
      { field: 'note' },
    ],
    [
      { type: 1, card_uid: '04A1B2C3', end_time: 2_000_000_000, replace_id: 'x' },
      'FIELD_INVALID',
      { field: 'replace_id' },
    ],
  ],
  'lock/managerAddNew': [
    [{ type: 1, card_uid: '04A1B2C3', end_time: 2_000_000_000 }, 'FIELD_INVALID', { field: 'type' }],
    [{ type: 5, card_uid: '04A1B2C3' }, 'CARD_EXPIRY_REQUIRED', { field: 'end_time' }],
    [
      { type: 5, card_uid: '04A1B2C3', end_time: 2_000_000_000, room_ids: 'all' },
      'FIELD_INVALID',
      { field: 'room_ids' },
    ],
  ],
  'room/addCardStepTwoNew': [
    [{ card_uid: '04A1B2C3', blocks: {} }, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 1, blocks: {} }, 'FIELD_REQUIRED', { field: 'card_uid' }],
    [{ id: 1, card_uid: '04A1B2C3' }, 'FIELD_REQUIRED', { field: 'blocks' }],
    [{ id: 1, card_uid: '04A1B2C3', blocks: ['00'] }, 'FIELD_INVALID', { field: 'blocks' }],
    [{ id: 1, card_uid: '04A1B2C3', blocks: { 4: 'xyz' } }, 'FIELD_INVALID', { field: 'blocks' }],
  ],
  'room/addCardMark': [
    [{ note: 'x' }, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 1, note: 'n'.repeat(65) }, 'FIELD_INVALID', { field: 'note' }],
  ],
  'room/cardList': [
    [{ type: 7 }, 'FIELD_INVALID', { field: 'type' }],
    [{ status: 'lost' }, 'FIELD_INVALID', { field: 'status' }],
    [{ pageSize: 101 }, 'FIELD_INVALID', { field: 'pageSize' }],
  ],
  'room/getUserCardNum': [],
  'room/delcard': [
    [{}, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 'card' }, 'FIELD_INVALID', { field: 'id' }],
  ],
  'room/sendCardEncryption': [
    [{}, 'FIELD_REQUIRED', { field: 'card_uid' }],
    [{ card_uid: '04A1B2C3', decrypt: 2 }, 'FIELD_INVALID', { field: 'decrypt' }],
  ],
  'room/sendCardEncryptionSyntony': [
    [{ blocks: {} }, 'FIELD_REQUIRED', { field: 'card_uid' }],
    [{ card_uid: '04A1B2C3', blocks: 'read' }, 'FIELD_INVALID', { field: 'blocks' }],
  ],
  'room/sendCardDecodeSyntony': [
    [{ blocks: {} }, 'FIELD_REQUIRED', { field: 'card_uid' }],
    [{ card_uid: 'G4A1B2C3', blocks: {} }, 'FIELD_INVALID', { field: 'card_uid' }],
  ],
  'room/cardEncryption': [
    [{}, 'FIELD_REQUIRED', { field: 'sectors' }],
    [{ sectors: [1, 16] }, 'FIELD_INVALID', { field: 'sectors' }],
    [{ sectors: [1, 2] }, 'FIELD_INVALID', { field: 'sectors' }],
  ],
  'room/cardEncryptionList': [[{ page: 0 }, 'FIELD_INVALID', { field: 'page' }]],
  'room/deleteCardEncryption': [],
  'room/getCheckData': [
    [{}, 'FIELD_REQUIRED', { field: 'card_uid' }],
    [{ card_uid: '04-A1' }, 'FIELD_INVALID', { field: 'card_uid' }],
  ],
  'room/sendCardCheck': [
    [{ blocks: {} }, 'FIELD_REQUIRED', { field: 'card_uid' }],
    [{ card_uid: '04A1B2C3', blocks: {} }, 'FIELD_INVALID', { field: 'blocks' }],
  ],
  'room/manageCardSyncDataList': [[{}, 'FIELD_REQUIRED', { field: 'room_id' }]],
  'room/resetCardSyncData': [[{ room_id: 'x' }, 'FIELD_INVALID', { field: 'room_id' }]],
  'lock/noteCardList': [[{}, 'FIELD_REQUIRED', { field: 'room_id' }]],
  'lock/checkHistory': [
    [{ mac_id: 'A0B0' }, 'FIELD_INVALID', { field: 'mac_id' }],
    [{ result: 'opened' }, 'FIELD_INVALID', { field: 'result' }],
  ],
  'lock/inLockList': [
    [{}, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 'x' }, 'FIELD_INVALID', { field: 'room_id' }],
    [{ room_id: 999_999 }, 'NOT_FOUND'],
  ],
  'lock/cardDelivery': [
    [{}, 'FIELD_REQUIRED', { field: 'card_id' }],
    [{ card_id: 0 }, 'FIELD_INVALID', { field: 'card_id' }],
    [{ card_id: 999_999 }, 'NOT_FOUND'],
  ],
  'lock/issueSecret': [
    [{}, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 'x' }, 'FIELD_INVALID', { field: 'room_id' }],
    [{ room_id: 999_999 }, 'NOT_FOUND'],
  ],
  'export/create': [
    [{ format: 'csv' }, 'FIELD_REQUIRED', { field: 'kind' }],
    [{ kind: 'rooms', format: 'csv' }, 'FIELD_INVALID', { field: 'kind' }],
    [{ kind: 'guests', format: 'pdf' }, 'FIELD_INVALID', { field: 'format' }],
    [{ kind: 'guests', format: 'csv', filters: 'all' }, 'FIELD_INVALID', { field: 'filters' }],
    [
      { kind: 'unlock_records', format: 'csv', filters: { result: 'opened' } },
      'FIELD_INVALID',
      { field: 'result' },
    ],
    [
      { kind: 'operation_log', format: 'xlsx', filters: { start_time: 'yesterday' } },
      'FIELD_INVALID',
      { field: 'start_time' },
    ],
    [{ kind: 'guests', format: 'csv', filters: { room_id: 999_999 } }, 'NOT_FOUND'],
  ],
  'lock/managerList': [[{ type: 4 }, 'FIELD_INVALID', { field: 'type' }]],
  'lock/managerDelete': [[{}, 'FIELD_REQUIRED', { field: 'id' }]],
  'lock/accessControlList': [],
  'room/setAccessControl': [
    [{ access_control: 1 }, 'FIELD_REQUIRED', { field: 'room_id' }],
    [{ room_id: 1, access_control: 'on' }, 'FIELD_INVALID', { field: 'access_control' }],
  ],
  'passenger/deleteCardByCardId': [
    [{}, 'CARD_NUMBER_REQUIRED', { field: 'card_id' }],
    [{ card_id: 'A12' }, 'FIELD_INVALID', { field: 'card_id' }],
  ],
  'passenger/getCardFunction': [
    [{}, 'CARD_NUMBER_REQUIRED', { field: 'card_num' }],
    [{ card_num: '12345678901' }, 'FIELD_INVALID', { field: 'card_num' }],
  ],
  'passenger/getRoomInfo': [
    [{}, 'CARD_NUMBER_REQUIRED', { field: 'card_num' }],
    [{ card_num: 'x' }, 'FIELD_INVALID', { field: 'card_num' }],
  ],
  'user/apiKeyList': [
    [{ page: 0 }, 'FIELD_INVALID', { field: 'page' }],
    [{ revoked: 'maybe' }, 'FIELD_INVALID', { field: 'revoked' }],
  ],
  'user/apikey': [
    [{}, 'FIELD_REQUIRED', { field: 'name' }],
    [{ name: '   ' }, 'FIELD_REQUIRED', { field: 'name' }],
    [{ name: 'x'.repeat(51) }, 'FIELD_INVALID', { field: 'name' }],
  ],
  'user/apiKeyDel': [
    [{}, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 'x' }, 'FIELD_INVALID', { field: 'id' }],
  ],
  // Bills (API.md §15)
  'order/orderList': [
    [{ page: 0 }, 'FIELD_INVALID', { field: 'page' }],
    [{ kind: 'gift' }, 'FIELD_INVALID', { field: 'kind' }],
    [{ start_time: 'soon' }, 'FIELD_INVALID', { field: 'start_time' }],
    [{ sort: 'name' }, 'FIELD_INVALID', { field: 'sort' }],
  ],
  'order/refund': [
    [{ amount_fen: 1 }, 'FIELD_REQUIRED', { field: 'order_id' }],
    [{ order_id: 1 }, 'FIELD_REQUIRED', { field: 'amount_fen' }],
    [{ order_id: 1, amount_fen: 0.5 }, 'FIELD_INVALID', { field: 'amount_fen' }],
    [{ order_id: 1, amount_fen: -1 }, 'FIELD_INVALID', { field: 'amount_fen' }],
  ],
  'Order/recharge': [
    [{}, 'FIELD_REQUIRED', { field: 'amount_fen' }],
    [{ amount_fen: '12.30' }, 'FIELD_INVALID', { field: 'amount_fen' }],
    [{ amount_fen: 1_000_000_001 }, 'FIELD_INVALID', { field: 'amount_fen' }],
  ],
  'order/cash': [
    [{}, 'FIELD_REQUIRED', { field: 'amount_fen' }],
    [{ amount_fen: 0 }, 'FIELD_INVALID', { field: 'amount_fen' }],
  ],
  'order/setCashData': [
    [{ bank: 'Bank of China', account: '6217000011112222' }, 'FIELD_REQUIRED', { field: 'holder' }],
    [
      { holder: 'Li Wei', bank: 'Bank of China', account: '6217-0000' },
      'FIELD_INVALID',
      { field: 'account' },
    ],
    [{ holder: 'Li Wei', bank: 'B', account: '6217000011112222' }, 'FIELD_INVALID', { field: 'bank' }],
  ],
  'order/macMember': [],
  'order/statistics': [
    [{ end_date: '2030-03-01' }, 'FIELD_REQUIRED', { field: 'start_date' }],
    [{ start_date: '2030/03/01', end_date: '2030-03-01' }, 'FIELD_INVALID', { field: 'start_date' }],
  ],
  // Messages (API.md §14)
  'lock/messageList': [
    [{ kind: 'fire' }, 'FIELD_INVALID', { field: 'kind' }],
    [{ order: 'name' }, 'FIELD_INVALID', { field: 'order' }],
    [{ page: 0 }, 'FIELD_INVALID', { field: 'page' }],
  ],
  'lock/deleteMessage': [
    [{}, 'FIELD_REQUIRED', { field: 'ids' }],
    [{ ids: 'x' }, 'FIELD_INVALID', { field: 'ids' }],
    [{ ids: [0] }, 'FIELD_INVALID', { field: 'ids' }],
    [{ ids: [987654] }, 'NOT_FOUND'],
  ],
  'lock/readMessage': [
    [{}, 'FIELD_REQUIRED', { field: 'ids' }],
    [{ all: 'maybe' }, 'FIELD_INVALID', { field: 'all' }],
    [{ id: -1 }, 'FIELD_INVALID', { field: 'id' }],
  ],
  // Equipment: firmware and faces granted to locks (API.md §13)
  'lock/addFirmwares': [
    [{ file_name: 'a.bin', name: 'A', version: '1.0.0' }, 'FIELD_REQUIRED', { field: 'file' }],
    [{ file: 'x', file_name: 'a.bin', name: 'A', version: 'one' }, 'FIELD_INVALID', { field: 'version' }],
    [
      { file: 'x', file_name: 'a.bin', name: 'A', version: '1.0.0', room_ids: [0] },
      'FIELD_INVALID',
      { field: 'room_ids' },
    ],
  ],
  'lock/getFirmwaresList': [
    [{ page: 0 }, 'FIELD_INVALID', { field: 'page' }],
    [{ keyword: 'k'.repeat(51) }, 'FIELD_INVALID', { field: 'keyword' }],
  ],
  'lock/empowerFace': [
    [{ room_ids: [1], end_time: 2000000000 }, 'FIELD_REQUIRED', { field: 'face' }],
    [{ face: 1, room_ids: [1] }, 'FIELD_REQUIRED', { field: 'end_time' }],
    [{ face: 1, room_ids: 'all', end_time: 2000000000 }, 'FIELD_INVALID', { field: 'room_ids' }],
  ],
  'lock/empowerFaceList': [
    [{ face: 'x' }, 'FIELD_INVALID', { field: 'face' }],
    [{ room_id: -1 }, 'FIELD_INVALID', { field: 'room_id' }],
  ],
  'lock/deleteEmpowerFace': [
    [{}, 'FIELD_REQUIRED', { field: 'id' }],
    [{ id: 987654 }, 'NOT_FOUND'],
  ],
};
