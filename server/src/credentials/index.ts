/**
 * Credentials other than cards (API.md §5 passwords, §7.2 faces, §7.3 fingerprints, §13.3 faces granted to more
 * locks): one file of handlers per topic (faces.ts, face-grants.ts, fingerprints.ts, passwords.ts), their SQL in
 * repository/<topic>.ts, the rules spanning several statements in service/<topic>.ts, the answers' shapes in
 * views.ts. What faces and fingerprints share with the other areas (the credential scope, the stay a credential is
 * for) is shared/credential-common.ts's; withdrawing a stay's credentials when it closes is the stays area's.
 */
import type { FastifyInstance } from 'fastify';
import { faceGrantRoutes } from './face-grants.js';
import { faceRoutes } from './faces.js';
import { fingerprintRoutes } from './fingerprints.js';
import { passwordRoutes } from './passwords.js';

export function credentialRoutes(app: FastifyInstance): void {
  passwordRoutes(app);
  faceRoutes(app);
  fingerprintRoutes(app);
  faceGrantRoutes(app);
}
