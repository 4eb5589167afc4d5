import { readFileSync } from 'node:fs';

/** The gateway's version, from its package.json (the same file beside src/ and dist/). */
export const GATEWAY_VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();
