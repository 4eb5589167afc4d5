#!/usr/bin/env node
// `pnpm bench` in web: the gzip size of the JavaScript each route loads, read from the Vite manifest of the last
// build (dist/.vite/manifest.json), and the proof that /login loads no code of the other pages. It builds first
// when dist/ is missing. Exit code 1 when /login loads another page's module.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.log('dist/ has no manifest: building first (vite build)…');
  execFileSync(process.execPath, [join(web, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: web,
    stdio: 'inherit',
  });
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const modulesOf = JSON.parse(readFileSync(join(dist, '.vite', 'modules.json'), 'utf8'));

const gzipCache = new Map();
const gzipBytes = (file) => {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
};
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** Manifest keys loaded with `key`: itself and its static imports, recursively (what the browser fetches). */
function closure(keys) {
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  for (const key of keys) walk(key);
  return seen;
}
const filesOf = (keys) => new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')));
const sizeOf = (files) => [...files].reduce((sum, f) => sum + gzipBytes(f), 0);
const modulesIn = (files) => new Set([...files].flatMap((f) => modulesOf[f] ?? []));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('the manifest has no entry chunk');
const LAYOUT = 'src/app/layout/ConsoleLayout.tsx';

// The route table names each page loader; map loader names to page modules and paths to loaders.
const routesText = readFileSync(join(web, 'src', 'routes.tsx'), 'utf8');
const loaders = new Map(
  [...routesText.matchAll(/const (\w+): PageLoader = \(\) => import\('\.\/(.+?)'\)/g)].map((m) => [
    m[1],
    `src/${m[2]}`,
  ]),
);
const publicLoaders = new Set(
  [...routesText.matchAll(/path: [\w_]+, title: '\w+', public: true, hidden: true, page: (\w+)/g)].map(
    (m) => m[1],
  ),
);
const pages = [...loaders].map(([loader, module]) => ({ loader, module, public: publicLoaders.has(loader) }));
const missing = pages.filter((p) => !manifest[p.module]);
if (missing.length) throw new Error(`pages not in the manifest: ${missing.map((p) => p.module).join(', ')}`);

function routeLoad(page) {
  const keys = closure(page.public ? [entryKey, page.module] : [entryKey, LAYOUT, page.module]);
  const files = filesOf(keys);
  return { page, files, bytes: sizeOf(files) };
}

const entryFiles = filesOf(closure([entryKey]));
const loads = pages.map(routeLoad);
const login = loads.find((l) => l.page.loader === 'login');
if (!login) throw new Error('no login page in the route table');
const largest = loads.reduce((a, b) => (b.bytes > a.bytes ? b : a));

// The language loaded at start (texts, error catalogue, antd and dayjs locales) comes on top; the unset default
// is Simplified Chinese.
const localeKeys = Object.keys(manifest).filter((k) =>
  /src\/i18n\/locales\/chs\.ts$|protocol\/src\/i18n\/chs\.ts$|antd\/es\/locale\/zh_CN\.js$|dayjs\/locale\/zh-cn\.js$/.test(
    k,
  ),
);
const localeFiles = [...filesOf(closure(localeKeys))].filter((f) => !login.files.has(f));
const localeBytes = sizeOf(localeFiles);

console.log('LockDesk console: JavaScript loaded per route (gzip -9, from dist/.vite/manifest.json)');
console.log(`  shared entry (router, antd core, request layer, i18n): ${kB(sizeOf(entryFiles))}`);
console.log(
  `  /login:         ${kB(login.bytes)} in ${login.files.size} chunks (+ ${kB(localeBytes)} for the language, ${localeFiles.length} chunks)`,
);
for (const l of loads.toSorted((a, b) => b.bytes - a.bytes)) {
  console.log(
    `    ${l.page.module.padEnd(48)} ${kB(l.bytes).padStart(9)}  ${l.page.public ? 'public' : 'in layout'}`,
  );
}
// The language menu is fetched only when the user reaches for the selector.
const MENU = 'src/app/LanguageMenu.tsx';
if (manifest[MENU]) {
  const menuFiles = [...filesOf(closure([MENU]))].filter((f) => !login.files.has(f));
  console.log(
    `  on demand:      the language menu, ${kB(sizeOf(menuFiles))} in ${menuFiles.length} chunks (when the selector is reached for)`,
  );
}
console.log(
  `  largest route:  ${largest.page.module} — ${kB(largest.bytes)} in ${largest.files.size} chunks`,
);

// Proof: no module of another page (nor the console layout) is in what /login loads.
const loginModules = modulesIn(login.files);
const otherPageModules = new Set([LAYOUT, ...pages.filter((p) => p.loader !== 'login').map((p) => p.module)]);
for (const l of loads) {
  if (l.page.loader === 'login') continue;
  for (const file of l.files) {
    if (entryFiles.has(file) || login.files.has(file)) continue;
    for (const m of modulesOf[file] ?? []) if (m.startsWith('src/')) otherPageModules.add(m);
  }
}
const leaked = [...loginModules].filter((m) => otherPageModules.has(m));
const ownSource = [...loginModules].filter((m) => m.startsWith('src/')).length;
if (leaked.length) {
  console.log(`  FAIL: /login loads code of other pages: ${leaked.join(', ')}`);
  process.exitCode = 1;
} else {
  console.log(
    `  proof: /login loads ${ownSource} console modules and none of the ${otherPageModules.size} modules that only other pages or the layout use`,
  );
}
