import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The Windows service, run by WinSW (https://github.com/winsw/winsw): a small service wrapper .exe that reads an
 * XML definition of the same name beside it. WinSW restarts the daemon when it exits unexpectedly, which together
 * with the transport's own reopen loop keeps the reader served for months without attention.
 */

export const SERVICE_ID = 'lockdesk-gateway';

export interface ServiceDefinitionOptions {
  /** node.exe */
  nodePath: string;
  /** dist/cli.js of the installed gateway */
  cliPath: string;
  /** The config file the service starts with, if any. */
  configFile?: string | undefined;
  /** The folder for the rotating daemon log (the pino file) and WinSW's own wrapper log. */
  logDir: string;
  /** Extra flags for the daemon, e.g. --simulate or --embedded-broker. */
  extraArgs?: string[];
}

function xmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function quoteArg(arg: string): string {
  return /[\s"]/.test(arg) ? `"${arg.replace(/"/g, '\\"')}"` : arg;
}

/** The WinSW XML definition of the gateway service. */
export function serviceDefinition(options: ServiceDefinitionOptions): string {
  const args = [options.cliPath];
  if (options.configFile) args.push('--config', options.configFile);
  args.push(...(options.extraArgs ?? []));
  const logFile = join(options.logDir, 'gateway.log');
  return `<service>
  <id>${SERVICE_ID}</id>
  <name>LockDesk reader gateway</name>
  <description>Serves the reception card encoder to the LockDesk console (ports 13570, 13571, 39002) and bridges it to MQTT.</description>
  <executable>${xmlEscape(options.nodePath)}</executable>
  <arguments>${xmlEscape(args.map(quoteArg).join(' '))}</arguments>
  <workingdirectory>${xmlEscape(dirname(dirname(options.cliPath)))}</workingdirectory>
  <startmode>Automatic</startmode>
  <delayedAutoStart>true</delayedAutoStart>
  <stoptimeout>15 sec</stoptimeout>
  <onfailure action="restart" delay="10 sec"/>
  <onfailure action="restart" delay="30 sec"/>
  <onfailure action="restart" delay="60 sec"/>
  <resetfailure>1 hour</resetfailure>
  <env name="LOCKDESK_GW_LOG_FILE" value="${xmlEscape(logFile)}"/>
  <logpath>${xmlEscape(options.logDir)}</logpath>
  <log mode="roll-by-size">
    <sizeThreshold>10240</sizeThreshold>
    <keepFiles>8</keepFiles>
  </log>
</service>
`;
}

export interface ServiceCommandOptions extends ServiceDefinitionOptions {
  /** The WinSW executable to copy beside the definition (WinSW-x64.exe from its releases page). */
  winswExe?: string | undefined;
  /** The folder that receives lockdesk-gateway.exe and lockdesk-gateway.xml. */
  serviceDir: string;
  /** Write and print, but run nothing (also the only mode off Windows). */
  dryRun?: boolean;
  platform?: NodeJS.Platform;
  print?: (line: string) => void;
}

/** Installs and starts the Windows service; off Windows, or with dryRun, only writes and prints the definition. */
export function installService(options: ServiceCommandOptions): void {
  const print = options.print ?? console.log;
  const platform = options.platform ?? process.platform;
  const xml = serviceDefinition(options);
  const serviceDir = resolve(options.serviceDir);
  const exe = join(serviceDir, `${SERVICE_ID}.exe`);
  const xmlPath = join(serviceDir, `${SERVICE_ID}.xml`);
  if (options.dryRun || platform !== 'win32') {
    if (platform !== 'win32' && !options.dryRun) {
      throw new Error('install-service works on Windows only (use --dry-run to see the service definition)');
    }
    print(`Would write ${xmlPath}:`);
    print(xml);
    print(`Would run: ${exe} install, then ${exe} start`);
    return;
  }
  const winsw = options.winswExe ?? process.env['LOCKDESK_GW_WINSW'];
  if (!winsw && !existsSync(exe)) {
    throw new Error(
      'WinSW is needed: download WinSW-x64.exe from https://github.com/winsw/winsw/releases and pass --winsw <path> (or set LOCKDESK_GW_WINSW)',
    );
  }
  mkdirSync(serviceDir, { recursive: true });
  mkdirSync(options.logDir, { recursive: true });
  if (winsw) copyFileSync(winsw, exe);
  writeFileSync(xmlPath, xml);
  execFileSync(exe, ['install'], { stdio: 'inherit' });
  execFileSync(exe, ['start'], { stdio: 'inherit' });
  print(`Service ${SERVICE_ID} installed and started; logs in ${options.logDir}`);
}

/** Stops and removes the Windows service. */
export function uninstallService(
  options: Pick<ServiceCommandOptions, 'serviceDir' | 'dryRun' | 'platform' | 'print'>,
): void {
  const print = options.print ?? console.log;
  const platform = options.platform ?? process.platform;
  const exe = join(resolve(options.serviceDir), `${SERVICE_ID}.exe`);
  if (options.dryRun || platform !== 'win32') {
    if (platform !== 'win32' && !options.dryRun) throw new Error('uninstall-service works on Windows only');
    print(`Would run: ${exe} stop, then ${exe} uninstall`);
    return;
  }
  if (!existsSync(exe))
    throw new Error(`No service wrapper at ${exe}: is the service installed from this folder?`);
  try {
    execFileSync(exe, ['stop'], { stdio: 'inherit' });
  } catch {
    // A service that is already stopped cannot be stopped again; uninstalling is what matters.
  }
  execFileSync(exe, ['uninstall'], { stdio: 'inherit' });
  print(`Service ${SERVICE_ID} removed`);
}
