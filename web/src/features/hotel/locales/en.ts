/** English texts of the 'hotel' feature: the reference every other language matches key for key. */
const en = {
  feature: 'Hotel information',
  /** The personal centre's other pages. */
  centre: { title: 'Settings and tools' },
  notice: {
    complete: 'Complete the hotel information',
  },
  required: {
    description:
      'Fill in the name, address and telephone below and save; then go back to what you were doing.',
    back: 'Back to the previous page',
  },
  actions: {
    retry: 'Try again',
  },
  account: {
    title: 'My account',
    name: 'Name',
    mobile: 'Mobile number',
    email: 'E-mail address',
    role: 'Role',
    roles: {
      super: 'Super administrator',
      secondary: 'Secondary administrator',
      staff: 'Staff member',
      customer_manager: 'Customer manager',
    },
    hotel: 'Hotel name',
    serviceExpires: 'Service valid until',
    uid: 'Account ID',
    nickname: 'Nickname',
    gender: 'Gender',
    genders: { 0: 'Not given', 1: 'Male', 2: 'Female' },
    nationality: 'Nationality',
    birthDate: 'Date of birth',
    idNumber: 'ID number',
    registeredAt: 'Registered on',
    balance: 'Balance (yuan)',
    avatar: 'Picture',
    changeAvatar: 'Change picture',
    avatarSaved: 'Picture saved',
    avatarHint: 'JPEG, PNG or WebP, up to 1 MB; shown at 80 × 80.',
  },
  info: {
    title: 'Merchant or hotel information',
    loadFailed: 'The hotel information could not be loaded',
    incomplete: 'Check-ins, moves and prices wait until the name, address and telephone are filled in.',
    name: 'Merchant or hotel name',
    address: 'Address',
    telephone: 'Telephone',
    telephoneHint: '5 to 20 digits; spaces, +, - and brackets allowed',
    latitude: 'Map latitude',
    longitude: 'Map longitude',
    openMap: 'Open this position on OpenStreetMap',
    mapHint: 'Enter a latitude and a longitude to check the position on a map.',
    save: 'Save the hotel information',
    saveAndBack: 'Save and go back',
    saved: 'The hotel information is saved',
  },
  breakfast: {
    title: 'Breakfast',
    loadFailed: 'The breakfast settings could not be loaded',
    enabled: 'Breakfast served',
    hours: 'Breakfast hours',
    price: 'Price per portion',
    options: 'Breakfast choices offered at check-in',
    optionName: 'Choice name',
    count: 'Portions per day',
    optionPrice: 'Price per day',
    removeOption: 'Remove this choice',
    addOption: 'Add a choice',
    save: 'Save the breakfast settings',
    saved: 'The breakfast settings are saved',
  },
};

export type Texts = typeof en;
export default en;
