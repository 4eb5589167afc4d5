import { describe, expect, it } from 'vitest';
import { installService, SERVICE_ID, serviceDefinition, uninstallService } from './winsw.js';

describe('Windows service definition (WinSW)', () => {
  const options = {
    nodePath: 'C:\\Program Files\\nodejs\\node.exe',
    cliPath: 'C:\\LockDesk & Co\\gateway\\dist\\cli.js',
    configFile: 'C:\\LockDesk & Co\\gateway.json',
    logDir: 'C:\\LockDesk & Co\\logs',
    extraArgs: ['--embedded-broker'],
  };

  it('runs node with the CLI and the config file, restarts on failure, and logs to a rotating file', () => {
    const xml = serviceDefinition(options);
    expect(xml).toContain(`<id>${SERVICE_ID}</id>`);
    expect(xml).toContain('<executable>C:\\Program Files\\nodejs\\node.exe</executable>');
    expect(xml).toContain(
      '<arguments>&quot;C:\\LockDesk &amp; Co\\gateway\\dist\\cli.js&quot; --config &quot;C:\\LockDesk &amp; Co\\gateway.json&quot; --embedded-broker</arguments>',
    );
    expect(xml).toContain('<startmode>Automatic</startmode>');
    expect(xml.match(/<onfailure action="restart"/g)).toHaveLength(3);
    expect(xml).toMatch(
      /<env name="LOCKDESK_GW_LOG_FILE" value="C:\\LockDesk &amp; Co\\logs.gateway\.log"\/>/,
    );
  });

  it('only prints what it would do off Windows, and refuses to install there', () => {
    const lines: string[] = [];
    installService({
      ...options,
      serviceDir: '/tmp/svc',
      dryRun: true,
      platform: 'linux',
      print: (l) => lines.push(l),
    });
    expect(lines.join('\n')).toContain('lockdesk-gateway.xml');
    expect(() =>
      installService({ ...options, serviceDir: '/tmp/svc', platform: 'linux', print: () => {} }),
    ).toThrow('install-service works on Windows only');
    expect(() => uninstallService({ serviceDir: '/tmp/svc', platform: 'linux', print: () => {} })).toThrow(
      'uninstall-service works on Windows only',
    );
  });

  it('asks for WinSW on Windows when none is given', () => {
    expect(() =>
      installService({
        ...options,
        serviceDir: '/nonexistent/svc',
        platform: 'win32',
        winswExe: undefined,
        print: () => {},
      }),
    ).toThrow(/WinSW is needed/);
  });
});
