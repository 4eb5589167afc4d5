/**
 * English words every page uses (actions, column titles, 'Try again'): the 'common' namespace, i18next's fallback
 * for every feature's namespace, so a feature writes `t('tryAgain')` and keeps its own key only where its wording
 * differs. The reference every other language matches key for key.
 */
const en = {
  actionsColumn: 'Actions',
  cancel: 'Cancel',
  delete: 'Delete',
  refresh: 'Refresh',
  resultLabel: 'Result',
  save: 'Save',
  time: 'Time',
  tryAgain: 'Try again',
};

export type CommonTexts = { [K in keyof typeof en]: string };
export default en;
