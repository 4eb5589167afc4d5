import {
  bytesToHex,
  COMMAND_TABLE,
  decodeCommand,
  type EncoderResponse,
  encodeResponse,
  hexToBytes,
} from '@lockdesk/protocol';

/**
 * An encoder that answers command frames (hex) with reply frames (hex), for the frame readers' unit tests: a card
 * with UID `uid` whose every block holds `data`, or no card.
 */
export function fakeDevice(state: { uid: string | null; data?: string; mac?: string }) {
  return (commandHex: string): string => {
    const bytes = hexToBytes(commandHex);
    if (!bytes.ok) throw new Error('not hex');
    const command = decodeCommand(bytes.value);
    if (!command.ok) throw new Error(command.detail);
    const c = command.value;
    const code = COMMAND_TABLE[c.name].code;
    const ok = { command: code, status: 0 };
    let response: EncoderResponse;
    switch (c.name) {
      case 'getVersion':
        response = {
          layout: 'deviceInfo',
          type: 1,
          ...ok,
          version: 0x0102,
          mac: state.mac ?? '041780200001',
        };
        break;
      case 'findCard':
        response = state.uid
          ? { layout: 'card', type: 2, ...ok, cardType: 8, cardNumber: state.uid }
          : { layout: 'card', type: 2, command: code, status: 1, cardType: 0, cardNumber: '00000000' };
        break;
      case 'readBlock': {
        const data = state.data ?? '00112233445566778899AABBCCDDEEFF';
        response = {
          layout: 'blockData',
          type: 3,
          ...ok,
          block: c.block,
          dataHigh8: data.slice(0, 16),
          dataLow8: data.slice(16),
        };
        break;
      }
      case 'writeBlock':
        response = { layout: 'writeResult', type: 4, ...ok, block: c.block };
        break;
      case 'beep':
        response = { layout: 'sound', type: 5, ...ok, musicId: 1 };
        break;
      default:
        response = { layout: 'ack', type: 0, ...ok };
    }
    const frame = encodeResponse(response);
    if (!frame.ok) throw new Error(frame.detail);
    return bytesToHex(frame.value);
  };
}

/** The same reply with its checksum byte spoiled. */
export function spoilChecksum(replyHex: string): string {
  const last = Number.parseInt(replyHex.slice(-2), 16) ^ 0xff;
  return replyHex.slice(0, -2) + last.toString(16).toUpperCase().padStart(2, '0');
}
