import type { PageLoader } from '../../app/routeTable.ts';

/** The loader of every route whose page a later issue builds ('not built yet', said plainly). */
export const notBuilt: PageLoader = () => import('./NotBuiltPage.tsx');
