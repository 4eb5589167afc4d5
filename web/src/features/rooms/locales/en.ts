/** English texts of the 'rooms' feature: the reference every other language matches key for key. */
const en = {
  feature: 'Rooms',
};

export type Texts = typeof en;
export default en;
