/**
 * Files in and out of the console: uploads (uploads.ts, API.md §7.1: oss/token, POST /upload, GET /files/<key>)
 * and exports (exports.ts, §11: export/create, GET and HEAD /export/<token>), both a token handed out by an
 * enveloped call then a plain HTTP request. Their SQL is repository.ts's; the export's kinds, words and writers are
 * services/export/'s; what the other areas ask of an upload (a face image, a lock picture) is shared/uploads.ts's.
 */
import type { FastifyInstance } from 'fastify';
import { exportRoutes } from './exports.js';
import { uploadRoutes } from './uploads.js';

export function fileRoutes(app: FastifyInstance): void {
  uploadRoutes(app);
  exportRoutes(app);
}
