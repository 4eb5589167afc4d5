/** English texts of the 'hotel' feature: the reference every other language matches key for key. */
const en = {
  feature: 'Hotel information',
};

export type Texts = typeof en;
export default en;
