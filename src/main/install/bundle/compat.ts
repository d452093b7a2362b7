// What a bundle asks of the machine (`compatibility`: platforms, runtimes) against what this one
// has: the comparison is pure (semver ranges), the runtimes' versions are read once per check
// from `node --version` and `python3 --version` (the commands a bundle's server will run).
// Platforms are requirements (a bundle for another one is refused unless the user installs it
// anyway), and so is the program a bundle runs from inside itself, read from its bytes
// (binary.ts); runtime versions only warn, as the user can install another Node.js or Python.
import { execFile } from 'node:child_process';
import semver from 'semver';
import { platformName, programKind, programProblem } from './binary.js';
import type { Manifest } from './manifest.js';

export interface Machine {
  platform: NodeJS.Platform;
  /** Versions found, or null where the runtime is not there. */
  runtimes: { node: string | null; python: string | null };
}

/** What a bundle's command runs: the command, the file inside the bundle it names (null: none), and that file's first bytes (null: no such file). */
export interface BundledProgram {
  command: string;
  path: string | null;
  head: Buffer | null;
}

/**
 * Why the bundle is not for this machine, one sentence each (none: it is): a platform it does not
 * name, a program built for another system, or a binary server whose program is not a native
 * one of its own.
 */
export function platformBlockers(manifest: Manifest, platform: NodeJS.Platform, program: BundledProgram): string[] {
  const blockers: string[] = [];
  const platforms = manifest.compatibility?.platforms;
  if (platforms && platforms.length > 0 && !platforms.includes(platform as 'darwin')) {
    blockers.push(`The bundle is made for ${platforms.map(platformName).join(', ')}; this machine runs ${platformName(platform)}.`);
  }
  const binary = manifest.server.type === 'binary';
  if (program.path !== null && program.head !== null) {
    const problem = programProblem(program.path, programKind(program.head), platform, binary);
    if (problem) blockers.push(problem);
  } else if (binary) {
    blockers.push(program.path !== null ? `It says it is a binary server, but its program ${program.path} is not a file in the bundle.` : `It says it is a binary server, but its command ${JSON.stringify(program.command)} is not a program in the bundle.`);
  }
  return blockers;
}

/** Where the machine does not have the runtimes the bundle asks for, one sentence each (none: it has). */
export function compatibilityWarnings(manifest: Manifest, machine: Machine): string[] {
  const warnings: string[] = [];
  const wanted = manifest.compatibility;
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
