// The install forms' pure side (a registry entry's inputs, a bundle's user_config): what a field
// starts with, what the page sends main, the problems main sends back under their fields, what
// will run in one line, and a file cut into the pieces the upload channel takes.
import type { InstallField, InstallProblem, InstallRun, InstallValues } from '../../types/install.js';

/** A form's state: text (several values as lines) or a checkbox. */
export type FormValues = Record<string, string | boolean>;

export function initialValues(fields: readonly InstallField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const given = Array.isArray(field.value) ? field.value.join('\n') : field.value;
    const start = given ?? field.default ?? '';
    values[field.id] = field.kind === 'boolean' ? start === 'true' : start;
  }
  return values;
}

/** What the page sends: only what is filled in (main applies defaults and keeps saved secrets). */
export function toInstallValues(fields: readonly InstallField[], form: FormValues): InstallValues {
  const values: InstallValues = {};
  for (const field of fields) {
    const value = form[field.id];
    if (typeof value === 'boolean') {
      values[field.id] = value ? 'true' : 'false';
      continue;
    }
    if (value === undefined) continue;
    if (field.multiple) {
      const lines = value.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
      if (lines.length > 0) values[field.id] = lines;
    } else if (value.trim() !== '') {
      values[field.id] = field.secret ? value : value.trim();
    }
  }
  return values;
}

/** Problems under their fields, and those about the whole. */
export function problemsByField(problems: readonly InstallProblem[], fields: readonly InstallField[]): { byField: Record<string, string>; general: string[] } {
  const ids = new Set(fields.map((field) => field.id));
  const byField: Record<string, string> = {};
  const general: string[] = [];
  for (const problem of problems) {
    if (problem.field !== undefined && ids.has(problem.field)) byField[problem.field] = byField[problem.field] ? `${byField[problem.field]} ${problem.message}` : problem.message;
    else general.push(problem.message);
  }
  return { byField, general };
}

/** What will run, as one line: the command line, or the transport and address. */
export function runText(run: InstallRun): string {
  if (run.type === 'stdio') return [run.command, ...run.args].map((word) => (/\s/.test(word) ? `"${word}"` : word)).join(' ');
  return `${run.type === 'http' ? 'Streamable HTTP' : 'SSE'} ${run.url}`;
}

/** A file's bytes as base64 pieces of at most `size` characters (a multiple of 4, so each decodes alone). */
export function base64Chunks(bytes: Uint8Array, size: number): string[] {
  const per = Math.floor(size / 4) * 3;
  const chunks: string[] = [];
  for (let at = 0; at < bytes.length || (at === 0 && chunks.length === 0); at += per) {
    const piece = bytes.subarray(at, at + per);
    let binary = '';
    for (let i = 0; i < piece.length; i += 0x8000) binary += String.fromCharCode(...piece.subarray(i, i + 0x8000));
    chunks.push(btoa(binary));
    if (bytes.length === 0) break;
  }
  return chunks;
}

/** "12 files, 1.2 MB". */
export function sizeText(files: number, bytes: number): string {
  const size = bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${files} ${files === 1 ? 'file' : 'files'}, ${size}`;
}
