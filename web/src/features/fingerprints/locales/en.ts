/** English texts of the 'fingerprints' feature: the reference every other language matches key for key. */
const en = {
  feature: 'Fingerprints',
};

export type Texts = typeof en;
export default en;
