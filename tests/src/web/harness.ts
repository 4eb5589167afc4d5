// The shared ground of the browser suites: the built server with demo data on a free port, Debian's Chromium
// through playwright-core, and a signed-in page in a chosen language. It builds nothing: run `pnpm -r build` (or the
// root `pnpm test`, which does) first.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const CHROMIUM = '/usr/bin/chromium';
export const SERVER_CLI = join(ROOT, 'server', 'dist', 'cli.js');
/** The built console; LOCKDESK_TEST_WEB_DIST points a suite at another build (e.g. one made with `vite build --outDir`). */
export const WEB_DIST = process.env.LOCKDESK_TEST_WEB_DIST || join(ROOT, 'web', 'dist');
/** Screenshots of the browser suites (look at them: the file tool shows PNGs). */
export const ARTIFACTS = join(ROOT, 'tests', '.artifacts');
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = {
  super: '13800138000',
  secondary: '13800138001',
  staff: '13800138002',
} as const;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A process the suite started, stopped with SIGTERM (SIGKILL after 5 s). */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Starts the built server on an ephemeral port with demo data; resolves with its URL from the banner. */
export function startServer(
  dataDir: string,
  extraArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [SERVER_CLI, 'start', '--demo', '--port', '0', '--data-dir', dataDir, ...extraArgs],
      {
        cwd: ROOT,
        env: { ...process.env, LOCKDESK_WEB_DIST: WEB_DIST, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /LockDesk console: (http:\/\/[^\s/]+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
}

/** Fails with a plain instruction when Chromium or a build is missing. */
export function checkPrerequisites(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: run the root test script (pnpm test), which installs Debian's chromium, or apt-get install -y chromium`,
    );
  }
  for (const [what, path] of [
    ['the server', SERVER_CLI],
    ['the console', join(WEB_DIST, 'index.html')],
  ] as const) {
    if (!existsSync(path))
      throw new Error(`${what} is not built (${path} missing): run \`pnpm -r build\` first`);
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface Console {
  /** The server's URL, e.g. http://127.0.0.1:40123. */
  base: string;
  browser: Browser;
  server: ChildProcess;
  dataDir: string;
  /** Closes the browser, stops the server and removes its data. */
  stop(): Promise<void>;
}

/** The built server with fresh demo data, and Chromium. */
export async function startConsole(
  options: { serverArgs?: string[]; env?: Record<string, string> } = {},
): Promise<Console> {
  checkPrerequisites();
  mkdirSync(ARTIFACTS, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'lockdesk-web-'));
  const started = await startServer(dataDir, options.serverArgs, options.env);
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (e) {
    await stopProcess(started.child);
    throw e;
  }
  return {
    base: started.url,
    browser,
    server: started.child,
    dataDir,
    async stop() {
      await browser.close().catch(() => {});
      await stopProcess(started.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ConsoleLanguage = 'en' | 'ar';

export interface SignInOptions {
  language: ConsoleLanguage;
  account?: string;
  password?: string;
  viewport?: { width: number; height: number };
}

/**
 * A new browser context signed in through the login form, in the given language (kept in local storage, as the
 * language selector does), on the room list. Page errors are collected in `problems`.
 */
export async function signIn(
  browser: Browser,
  base: string,
  options: SignInOptions,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.language === 'ar' ? 'ar' : 'en-US',
    timezoneId: 'Europe/London',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${base}/login`);
  await page.evaluate(`window.localStorage.setItem('language', ${JSON.stringify(options.language)})`);
  await page.reload();
  const form = page.getByTestId('login-form');
  await form.waitFor();
  await form.locator('input#account').fill(options.account ?? DEMO_ACCOUNTS.super);
  await form.locator('input#password').fill(options.password ?? DEMO_PASSWORD);
  await form.locator('button[type="submit"]').click();
  await page.getByTestId('console-layout').waitFor();
  if (options.language === 'ar')
    await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached' });
  return { context, page, problems };
}
