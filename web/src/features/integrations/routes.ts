import type { RouteEntry } from '../../app/routeTable.ts';
import { textsNamed } from '../../i18n/feature.ts';
import { integrationsTexts } from './texts.ts';

// Texts of other features whose parts this file shows, named, not imported (a feature stands alone).
const apiReferenceTexts = textsNamed('apiReference');

const page = integrationsTexts.page(() => import('./ThirdPartyPage.tsx'), apiReferenceTexts);

/** The third-party authorisation page (spec §2 /center/thirdPartyAuthorization): a child of /center in src/routes.tsx. */
export const integrationRoutes: RouteEntry[] = [
  { path: 'thirdPartyAuthorization', title: 'thirdPartyAuthorization', page },
];
