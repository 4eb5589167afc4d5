import type { RouteEntry } from '../../app/routeTable.ts';
import { apiReferenceTexts, integrationsTexts } from '../../i18n/namespaces.ts';

const page = integrationsTexts.page(() => import('./ThirdPartyPage.tsx'), apiReferenceTexts);

/** The third-party authorisation page (spec §2 /center/thirdPartyAuthorization): a child of /center in src/routes.tsx. */
export const integrationRoutes: RouteEntry[] = [
  { path: 'thirdPartyAuthorization', title: 'thirdPartyAuthorization', page },
];
