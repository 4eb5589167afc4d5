// The public surface of @lockdesk/gateway: what tests, the benchmark and other packages may use.
export {
  type BridgeErrorReply,
  type BridgeStatus,
  type BridgeTopics,
  type BrokerState,
  bridgeTopics,
  MqttBridge,
  stateText,
} from './bridge/mqtt.js';
export { type EmbeddedBroker, type EmbeddedBrokerAddresses, startEmbeddedBroker } from './broker/embedded.js';
export {
  CONFIG_FIELDS,
  ConfigError,
  defaultConfig,
  type GatewayConfig,
  type GatewayConfigInput,
  readConfigFile,
  resolveConfig,
  SIMULATED_DEVICE_MAC,
} from './config.js';
export { type CardPresence, CardWatcher } from './encoder/card-watcher.js';
export { type DeviceSession, EncoderService } from './encoder/service.js';
export {
  type GatewayAddresses,
  type RunningGateway,
  type StartOptions,
  startGateway,
} from './gateway.js';
export { createLogger, type Logger, silentLogger } from './log.js';
export {
  callReader,
  FINGER_TIMEOUT_LIMITS,
  type FuncContext,
  READER_FUNCS,
  type ReaderPush,
  type ReaderReply,
  type ReaderRequest,
  type ReaderState,
} from './reader/functions.js';
export { type ReaderTiming, SPEC_TIMING } from './reader/timing.js';
export type { HealthReport } from './services/reader-http.js';
export type { ReaderEvent, ReaderPushes } from './services/websocket.js';
export {
  buildControlApp,
  type ControlReply,
  cardOfRequest,
  type PlaceCardRequest,
} from './simulator/control.js';
export {
  FAULT_KINDS,
  type Fault,
  type FaultKind,
  SIMULATED_STATUS,
  SIMULATED_TEMPLATE_BYTES,
  SimulatedEncoder,
  type SimulatedEncoderState,
  type SimulatedFingerState,
} from './simulator/encoder.js';
export {
  type DeviceLockInfo,
  type DeviceRecord,
  type DeviceSyncState,
  deviceCall,
} from './simulator/lock-device-api.js';
export {
  LOCK_FAULT_KINDS,
  type LockFaultKind,
  type LockSummary,
  normalizeMac,
  pinMatches,
  rawReadOf,
  type SyncAnswer,
  type TapAnswer,
  type VirtualLockState,
  VirtualLocks,
} from './simulator/locks.js';
export { type HidDevice, type HidModule, HidTransport, type HidTransportOptions } from './transport/hid.js';
export { SimulatedTransport } from './transport/simulated.js';
export {
  type Transport,
  TransportError,
  type TransportEvents,
  type TransportKind,
} from './transport/types.js';
export { GATEWAY_VERSION } from './version.js';
