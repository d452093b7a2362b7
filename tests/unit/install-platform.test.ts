// A bundle for another platform (issue 38, item 7): `compatibility.platforms` and a binary
// server's program are requirements. Bundles packed by mcpb: a Windows-only `.exe` that is really
// a `#!/bin/sh` script (with and without its platform said), a Linux program (this machine's
// own `true`), a macOS one, a binary server whose command is the machine's shell. Each is refused
// with the reason, before anything is written; installing anyway is explicit (`force`,
// `--force`). What kind of program a file is comes from its bytes (binary.ts), tested here too.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import { programKind, programProblem } from '../../src/main/install/bundle/binary.js';
import { BundleNotForThisMachine } from '../../src/main/install/bundle/install.js';
import { binaryManifest, packBundle, packFilesystemBundle } from '../fixtures/bundles/pack.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, tempDir } from './helpers/mcp-env.js';

const head = (...bytes: number[]): Buffer => Buffer.concat([Buffer.from(bytes), Buffer.alloc(60)]);

describe('what kind of program a file is, from its bytes', () => {
  it('ELF, Mach-O (thin and fat), PE, a script and its interpreter, anything else', () => {
    expect(programKind(head(0x7f, 0x45, 0x4c, 0x46))).toEqual({ kind: 'native', platform: 'linux' });
    expect(programKind(head(0xcf, 0xfa, 0xed, 0xfe))).toEqual({ kind: 'native', platform: 'darwin' });
    expect(programKind(head(0xca, 0xfe, 0xba, 0xbe))).toEqual({ kind: 'native', platform: 'darwin' });
    expect(programKind(head(0x4d, 0x5a, 0x90, 0x00))).toEqual({ kind: 'native', platform: 'win32' });
    expect(programKind(Buffer.from('#!/usr/bin/env python3\nprint(1)\n'))).toEqual({ kind: 'script', interpreter: '/usr/bin/env python3' });
    expect(programKind(Buffer.from('echo hello'))).toEqual({ kind: 'unknown' });
    expect(programKind(Buffer.alloc(0))).toEqual({ kind: 'unknown' });
  });

  it('a native program for another system is a problem for any server; a script or an unknown file only for a binary server', () => {
    const elf = programKind(head(0x7f, 0x45, 0x4c, 0x46));
    expect(programProblem('server/tool', elf, 'linux', true)).toBeUndefined();
    expect(programProblem('server/tool', elf, 'darwin', false)).toBe('Its program server/tool is built for Linux; this machine runs macOS.');
    expect(programProblem('server/tool.exe', programKind(head(0x4d, 0x5a)), 'linux', false)).toBe('Its program server/tool.exe is built for Windows; this machine runs Linux.');
    const script = programKind(Buffer.from('#!/bin/sh\n'));
    expect(programProblem('run.sh', script, 'linux', false)).toBeUndefined();
    expect(programProblem('tool.exe', script, 'linux', true)).toBe('It says it is a binary server, but its program tool.exe is a script for /bin/sh, not a program built for Linux.');
    expect(programProblem('tool', { kind: 'unknown' }, 'linux', true)).toBe('It says it is a binary server, but its program tool is not a program for any system the app knows.');
  });
});

describe('bundles made for another platform', () => {
  let work: string;
  let dir: string;
  let core: Core;
  let marker: string;
  const script = (): string => `#!/bin/sh\ntouch '${marker}'\n`;

  beforeAll(async () => {
    work = tempDir('platform-work-');
    marker = path.join(work, 'the-script-ran');
    dir = tempDir('platform-profile-');
    core = await startCore({ userDataDir: dir, host: 'inspect', log: () => undefined });
  });
  afterAll(async () => {
    await core.close();
    removeTempDirs();
  });

  /** Opens `file`; its blockers, after checking that installing it without force is refused and writes nothing (or, without blockers, installs). */
  async function blockersOf(file: string): Promise<string[]> {
    const preview = await core.installs.bundles.openFile(file);
    const outcome = await core.installs.bundles.install(preview.stageId, {}).then((result) => result, (error: unknown) => error as Error);
    if (preview.blockers.length > 0) {
      expect(outcome).toBeInstanceOf(BundleNotForThisMachine);
      expect((outcome as Error).message).toBe(`${preview.blockers.join(' ')} It was not installed.`);
      expect(fs.existsSync(path.join(dir, 'bundles'))).toBe(false);
      expect(core.store.config.mcp.servers).toEqual([]);
      core.installs.bundles.discard(preview.stageId);
    } else {
      if (outcome instanceof Error) throw outcome;
      await core.installs.removeServer(outcome.server.uuid);
      fs.rmSync(path.join(dir, 'bundles'), { recursive: true, force: true });
    }
    return preview.blockers;
  }

  it('a Windows .exe that is a shell script: refused for its platform and for what it is; it never runs', async () => {
    const exe = packBundle(work, 'exe-win', binaryManifest('lab-exe', 'server/tool.exe', ['win32']), { 'server/tool.exe': { data: script(), executable: true } });
    expect(await blockersOf(exe)).toEqual([
      'The bundle is made for Windows; this machine runs Linux.',
      'It says it is a binary server, but its program server/tool.exe is a script for /bin/sh, not a program built for Linux.',
    ]);
    // Without a platform said, what the file is still refuses it.
    const unsaid = packBundle(work, 'exe-unsaid', binaryManifest('lab-exe', 'server/tool.exe'), { 'server/tool.exe': { data: script(), executable: true } });
    expect(await blockersOf(unsaid)).toEqual(['It says it is a binary server, but its program server/tool.exe is a script for /bin/sh, not a program built for Linux.']);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('a program built for Linux is for this machine; one for macOS, or the machine\'s own shell, is not', async () => {
    const ownTrue = fs.readFileSync(fs.realpathSync('/bin/true'));
    expect(await blockersOf(packBundle(work, 'linux-tool', binaryManifest('lab-linux', 'server/tool', ['linux']), { 'server/tool': { data: ownTrue, executable: true } }))).toEqual([]);
    const macho = Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 0x0c, 0x00, 0x00, 0x01]), Buffer.alloc(4096)]);
    expect(await blockersOf(packBundle(work, 'mac-tool', binaryManifest('lab-mac', 'server/tool'), { 'server/tool': { data: macho, executable: true } }))).toEqual(['Its program server/tool is built for macOS; this machine runs Linux.']);
    const shell = { ...binaryManifest('lab-shell', 'server/tool', ['linux']), server: { type: 'binary', entry_point: 'server/tool', mcp_config: { command: '/bin/sh', args: ['${__dirname}/server/tool'] } } };
    expect(await blockersOf(packBundle(work, 'shell-tool', shell, { 'server/tool': { data: ownTrue, executable: true } }))).toEqual(['It says it is a binary server, but its command "/bin/sh" is not a program in the bundle.']);
  });

  it('installed anyway with force: the user\'s explicit choice', async () => {
    const mac = await packFilesystemBundle(work, 'mac-only', { extra: { compatibility: { platforms: ['darwin'] } } });
    const preview = await core.installs.bundles.openFile(mac);
    const { server } = await core.installs.bundles.install(preview.stageId, { allowed_directories: [work] }, undefined, { force: true });
    expect(server.source).toEqual({ bundle: 'bundles/filesystem/2026.8.31', name: 'filesystem', version: '2026.8.31' });
    await core.installs.removeServer(server.uuid);
  });

  it('inspect bundle install refuses it with the reason and exits 1; --force installs it (a child process)', async () => {
    const profile = tempDir('platform-cli-');
    const exe = path.join(work, 'exe-win.mcpb');
    const refused = await inspectChild(['--user-data', profile, 'bundle', 'install', exe]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trim().split('\n').at(-1)).toBe('The bundle is made for Windows; this machine runs Linux. It says it is a binary server, but its program server/tool.exe is a script for /bin/sh, not a program built for Linux. It was not installed. --force installs it anyway (only if you know it runs here).');
    expect(fs.existsSync(path.join(profile, 'bundles'))).toBe(false);
    expect(fs.existsSync(marker)).toBe(false);

    const mac = path.join(work, 'mac-only.mcpb');
    const forced = await inspectChild(['--user-data', profile, 'bundle', 'install', mac, '--force', '--set', `allowed_directories=${work}`, '--json']);
    expect(forced.stderr).toContain('warning: installing anyway (--force): The bundle is made for macOS; this machine runs Linux.');
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ source: { bundle: 'bundles/filesystem/2026.8.31', name: 'filesystem', version: '2026.8.31' } });
    const misplaced = await inspectChild(['--user-data', profile, 'registry', 'search', 'x', '--force']);
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toMatch(/^inspect: --force and --new-instance go with registry add \(and --force with bundle install\); usage:/);
  }, 60_000);
});
