// Finds secret values in files and text, byte by byte, in every form the app could write them
// (as is, the token after an auth scheme, JSON-escaped). Shared by the unit and e2e tests.
import fs from 'node:fs';
import path from 'node:path';
import { textForms } from '../../../src/main/secrets/redact.js';

/** Names (relative to `dir`) of the files under `dir` holding any form of any of `values`. */
export function filesHolding(dir: string, values: readonly string[]): string[] {
  const forms = values.flatMap(textForms).map((form) => Buffer.from(form, 'utf8'));
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (forms.some((form) => fs.readFileSync(file).includes(form))) found.push(path.relative(dir, file));
    }
  };
  walk(dir);
  return found.sort();
}

/** Every file under `dir` (its sub-folders too: `tool-approvals/`, `bundles/`), by relative path, as text. */
export function profileFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else files[path.relative(dir, file)] = fs.readFileSync(file, 'utf8');
    }
  };
  walk(dir);
  return files;
}

/** The forms of `values` that `text` holds (empty when none). */
export function secretsIn(text: string, values: readonly string[]): string[] {
  return values.flatMap(textForms).filter((form) => text.includes(form));
}
