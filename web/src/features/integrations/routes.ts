import type { RouteEntry } from '../../app/routeTable.ts';
import { apiReferenceTexts } from '../apiReference/texts.ts';
import { integrationsTexts } from './texts.ts';

const page = integrationsTexts.page(() => import('./ThirdPartyPage.tsx'), apiReferenceTexts);

/** The third-party authorisation page (spec §2 /center/thirdPartyAuthorization): a child of /center in src/routes.tsx. */
export const integrationRoutes: RouteEntry[] = [
  { path: 'thirdPartyAuthorization', title: 'thirdPartyAuthorization', page },
];
