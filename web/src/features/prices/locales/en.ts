/** English texts of the 'prices' feature: the reference every other language matches key for key. */
const en = {
  feature: 'Prices',
};

export type Texts = typeof en;
export default en;
