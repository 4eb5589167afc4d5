/** English texts of the 'stays' feature: the reference every other language matches key for key. */
const en = {
  feature: 'Stays',
};

export type Texts = typeof en;
export default en;
