// The console's card service (contract C), as other packages reach it: `@lockdesk/web/card-service`. React-free.
export {
  type BrokerCredential,
  type BrokerCredentialProvider,
  BrokerLogin,
  type BrokerLoginOptions,
} from './brokerLogin.ts';
export * from './errors.ts';
export { FrameReader } from './frameReader.ts';
export { describeEncoder, FuncReader } from './funcReader.ts';
export { type LocalServiceOptions, LocalServiceReader } from './localService.ts';
export * from './operations.ts';
export {
  type MqttConnect,
  RECONNECT_NOTICE,
  RemoteReader,
  type RemoteReaderOptions,
} from './remoteReader.ts';
export { frameOfReport, SecondReader, type SecondReaderOptions } from './secondReader.ts';
export * from './service.ts';
export {
  GO_READ_CARD_TIMEOUT_MS,
  type SocketFactory,
  ThirdReader,
  type ThirdReaderOptions,
} from './thirdReader.ts';
export { CARD_TIMING } from './timing.ts';
export * from './types.ts';
