import { ERROR_TEXTS, type ErrorTexts } from '../errors.js';

/** English is the catalogue's own wording: one source of truth, re-exported so every language sits in this folder. */
export const enErrors: ErrorTexts = ERROR_TEXTS;
