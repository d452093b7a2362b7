// What a bundle asks of the machine (`compatibility`: platforms, runtimes) against what this one
// has: the comparison is pure (semver ranges), the runtimes' versions are read once per check
// from `node --version` and `python3 --version` (the commands a bundle's server will run).
import { execFile } from 'node:child_process';
import semver from 'semver';
import type { Manifest } from './manifest.js';

export interface Machine {
  platform: NodeJS.Platform;
  /** Versions found, or null where the runtime is not there. */
  runtimes: { node: string | null; python: string | null };
}

const PLATFORM_NAMES: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };
const platformName = (platform: string): string => PLATFORM_NAMES[platform] ?? platform;

/** Where the machine does not meet what the bundle asks, one sentence each (none: it does). */
export function compatibilityWarnings(manifest: Manifest, machine: Machine): string[] {
  const warnings: string[] = [];
  const wanted = manifest.compatibility;
  if (wanted?.platforms && wanted.platforms.length > 0 && !wanted.platforms.includes(machine.platform as 'darwin')) {
    warnings.push(`The bundle is made for ${wanted.platforms.map(platformName).join(', ')}; this machine runs ${platformName(machine.platform)}.`);
  }
  const runtimeOf = { node: 'Node.js', python: 'Python' } as const;
  const needed = new Map<'node' | 'python', string | undefined>();
  if (manifest.server.type === 'node') needed.set('node', wanted?.runtimes?.node);
  if (manifest.server.type === 'python') needed.set('python', wanted?.runtimes?.python);
  for (const [runtime, range] of Object.entries(wanted?.runtimes ?? {}) as Array<['node' | 'python', string | undefined]>) needed.set(runtime, range);
  for (const [runtime, range] of needed) {
    const found = machine.runtimes[runtime];
    if (found === null) {
      warnings.push(`The bundle needs ${runtimeOf[runtime]}${range ? ` ${range}` : ''}, which this machine does not have (no "${runtime === 'node' ? 'node' : 'python3'}" command found).`);
    } else if (range && semver.validRange(range) && !semver.satisfies(semver.coerce(found) ?? found, range)) {
      warnings.push(`The bundle needs ${runtimeOf[runtime]} ${range}; this machine has ${found}.`);
    }
  }
  return warnings;
}

function versionOf(command: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(command, ['--version'], { timeout: 5_000, env, windowsHide: true }, (error, stdout, stderr) => {
      if (error) return resolve(null);
      const found = /(\d+\.\d+(?:\.\d+)?)/.exec(`${stdout} ${stderr}`);
      resolve(found ? found[1]! : null);
    });
  });
}

/** This machine: its platform, and the Node.js and Python versions its commands report. */
export async function readMachine(env: NodeJS.ProcessEnv = process.env): Promise<Machine> {
  const [node, python3] = await Promise.all([versionOf('node', env), versionOf('python3', env)]);
  const python = python3 ?? (await versionOf('python', env));
  return { platform: process.platform, runtimes: { node, python } };
}
