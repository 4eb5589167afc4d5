import { describe, expect, it } from 'vitest';
import { commandWithId, readBrokerCommand, readBrokerReply, replyWithId } from './broker-ids.js';

describe('command ids over the broker', () => {
  it('reads the spec’s bare hex as it is, and a command with an id', () => {
    expect(readBrokerCommand(' A50410B1 ')).toEqual({ ok: true, value: { hex: 'A50410B1' } });
    expect(readBrokerCommand(commandWithId('A50410B1', 'c0ffee.1'))).toEqual({
      ok: true,
      value: { hex: 'A50410B1', id: 'c0ffee.1' },
    });
  });

  it('refuses an envelope that is not one with BROKER_INVALID_HEX', () => {
    for (const payload of ['{', '{"id":"a"}', '{"frame":"A50410B1"}', '{"frame":"A5","id":""}', 'null'])
      if (payload.startsWith('{'))
        expect(readBrokerCommand(payload), payload).toMatchObject({ ok: false, code: 'BROKER_INVALID_HEX' });
    expect(readBrokerCommand(commandWithId('A5', 'x'.repeat(65)))).toMatchObject({ ok: false });
  });

  it('answers with the id only a command that carried one; bare hex stays bare hex', () => {
    expect(replyWithId('5A0602100052', undefined)).toBe('5A0602100052');
    expect(JSON.parse(replyWithId('5A0602100052', 'k.2'))).toEqual({ frame: '5A0602100052', id: 'k.2' });
    const error = JSON.stringify({
      error: 'BAD_COMMAND_CHECKSUM',
      msg: 'command checksum mismatch',
      command: 'A5',
    });
    expect(JSON.parse(replyWithId(error, 'k.3'))).toEqual({ ...JSON.parse(error), id: 'k.3' });
  });

  it('reads every reply shape', () => {
    expect(readBrokerReply('5A0602100052')).toEqual({ frame: '5A0602100052' });
    expect(readBrokerReply('{"frame":"5A0602100052","id":"k.2"}')).toEqual({
      frame: '5A0602100052',
      id: 'k.2',
    });
    expect(readBrokerReply('{"error":"BROKER_INVALID_HEX","msg":"invalid hex format"}')).toEqual({
      error: 'BROKER_INVALID_HEX',
    });
    expect(readBrokerReply('{"error":"BROKER_RESPONSE_TIMEOUT","id":"k.4"}')).toEqual({
      error: 'BROKER_RESPONSE_TIMEOUT',
      id: 'k.4',
    });
    expect(readBrokerReply('{oops')).toEqual({ error: 'BROKER_INVALID_HEX' });
  });
});
