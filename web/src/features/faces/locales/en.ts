/** English texts of the 'faces' feature: the reference every other language matches key for key. */
const en = {
  feature: 'Faces',
};

export type Texts = typeof en;
export default en;
