/** The card encryption and card check calls (API.md §8.5); the rules are encryption-service.ts's. */
import { cardEncryptionCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import {
  checkCard,
  checkData,
  confirmDecryption,
  confirmEncryption,
  disableEncryption,
  enableEncryption,
  encryptionState,
  planKeyChange,
} from './encryption-service.js';
import { readBlocks } from './service.js';

export function cardEncryptionRoutes(app: FastifyInstance): void {
  defineCall(app, cardEncryptionCalls.enableCardEncryption, {
    handler: (ctx, body) => enableEncryption(ctx, body.sectors),
  });

  defineCall(app, cardEncryptionCalls.disableCardEncryption, { handler: (ctx) => disableEncryption(ctx) });

  defineCall(app, cardEncryptionCalls.cardEncryptionList, {
    handler: (ctx, body) => encryptionState(ctx, body),
  });

  defineCall(app, cardEncryptionCalls.planKeyChange, {
    handler: (ctx, body) => planKeyChange(ctx, body.card_uid.toUpperCase(), body.decrypt ?? false),
  });

  defineCall(app, cardEncryptionCalls.confirmEncryption, {
    handler: (ctx, body) => confirmEncryption(ctx, body.card_uid.toUpperCase(), body.blocks),
  });

  defineCall(app, cardEncryptionCalls.confirmDecryption, {
    handler: (ctx, body) => confirmDecryption(ctx, body.card_uid.toUpperCase(), body.blocks),
  });

  defineCall(app, cardEncryptionCalls.checkData, {
    handler: (ctx, body) => checkData(ctx, body.card_uid.toUpperCase()),
  });

  defineCall(app, cardEncryptionCalls.checkCard, {
    handler: (ctx, body) => checkCard(ctx, body.card_uid.toUpperCase(), readBlocks(body.blocks)),
  });
}
