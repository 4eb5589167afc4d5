// The public surface of @lockdesk/protocol: everything other packages may use is exported here, by hand.
export * from './constants.js';
export * from './dumps.js';
export * from './envelope.js';
export * from './errors.js';
export * from './fields.js';
export * from './frames.js';
export * from './guest-card.js';
export * from './hex.js';
export * from './i18n/index.js';
export * from './languages.js';
export * from './lock-rule.js';
export * from './mifare.js';
export * from './permissions.js';
export * from './result.js';
export * from './retry.js';
export * from './rules.js';
export * from './time.js';
