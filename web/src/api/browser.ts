/** The page-level effects of the request layer, in one module so tests can watch them. */
export const browser = {
  /** Loads a URL as a fresh page (the session is re-read from the cookie). */
  goTo(url: string): void {
    window.location.assign(url);
  },
  /** Reloads the current page. */
  reload(): void {
    window.location.reload();
  },
  /** The current in-console path with its query, for `redirect`. */
  currentPath(): string {
    return window.location.pathname + window.location.search;
  },
};
