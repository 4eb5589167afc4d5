import { createContext, useContext } from 'react';

/**
 * The title key of the route whose page is showing, provided by the router around each page. A page that needs its
 * own title (the 'not built' page) reads it here instead of importing the route table, which imports the pages.
 */
export const CurrentRouteTitle = createContext<string | undefined>(undefined);

export function useCurrentRouteTitle(): string | undefined {
  return useContext(CurrentRouteTitle);
}
