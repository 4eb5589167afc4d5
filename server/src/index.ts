// The public surface of @lockdesk/server.
export { type BuildOptions, buildApp } from './app.js';
export { type CallContext, type CallDef, defineCall, type PublicContext, type UserContext } from './call.js';
export { type ManageAnswer, type ManageCallOptions, manageCall, openAnswer } from './client.js';
export { resolveConfig, type ServerConfig } from './config.js';
export {
  type Db,
  type DbConfig,
  migrateToLatest,
  openDatabase,
  truncateAll,
} from './db/index.js';
export type { Database } from './db/schema.js';
export { createAdmin, DEMO_ACCOUNTS, DEMO_HOTEL, DEMO_PASSWORD, seedDemo } from './demo.js';
export { AppError, failure } from './errors.js';
export {
  DEFAULT_PORT,
  type RunningServer,
  type StartOptions,
  startBanner,
  startServer,
} from './server.js';
export type { BrokerMirror } from './services/broker-credentials.js';
export { DynsecMirror, sweepBrokerCredentials } from './services/broker-mirror.js';
