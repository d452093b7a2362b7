// What kind of program a file in a bundle is, from its first bytes (pure): an ELF, Mach-O or PE
// executable (Linux, macOS, Windows), a script (`#!` and its interpreter), or nothing known. The
// file's name says nothing: a `server.exe` that starts with `#!/bin/sh` is a shell script.

export type ProgramKind =
  | { kind: 'native'; platform: 'linux' | 'darwin' | 'win32' }
  | { kind: 'script'; interpreter: string }
  | { kind: 'unknown' };

/** How many leading bytes `programKind` reads. */
export const PROGRAM_HEAD_BYTES = 128;

const MACH_O = [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe, 0xbebafeca];

export function programKind(head: Buffer): ProgramKind {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x7f454c46) return { kind: 'native', platform: 'linux' };
  if (head.length >= 4 && MACH_O.includes(head.readUInt32BE(0))) return { kind: 'native', platform: 'darwin' };
  if (head.length >= 2 && head[0] === 0x4d && head[1] === 0x5a) return { kind: 'native', platform: 'win32' };
  if (head.length >= 2 && head[0] === 0x23 && head[1] === 0x21) {
    const line = head.subarray(2).toString('latin1').split(/\r?\n/)[0]!.trim();
    return { kind: 'script', interpreter: line.slice(0, 80) || 'an unnamed interpreter' };
  }
  return { kind: 'unknown' };
}

export const PLATFORM_NAMES: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };
export const platformName = (platform: string): string => PLATFORM_NAMES[platform] ?? platform;

/**
 * Why the program `file` (its kind read from its bytes) cannot be what a bundle runs here, if it
 * cannot: a native program for another platform; for a `binary` server, anything but a native
 * program (a script, or a file of no known kind).
 */
export function programProblem(file: string, kind: ProgramKind, platform: NodeJS.Platform, binaryServer: boolean): string | undefined {
  // ELF runs on Linux and the other Unix systems the app may run on; not on macOS or Windows.
  const runsHere = (target: string): boolean => (target === 'linux' ? platform !== 'darwin' && platform !== 'win32' : target === platform);
  if (kind.kind === 'native') {
    return runsHere(kind.platform) ? undefined : `Its program ${file} is built for ${platformName(kind.platform)}; this machine runs ${platformName(platform)}.`;
  }
  if (!binaryServer) return undefined;
  if (kind.kind === 'script') return `It says it is a binary server, but its program ${file} is a script for ${kind.interpreter}, not a program built for ${platformName(platform)}.`;
  return `It says it is a binary server, but its program ${file} is not a program for any system the app knows.`;
}
