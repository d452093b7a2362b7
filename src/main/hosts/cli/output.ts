// Everything inspect prints goes through here (lint refuses console and process.stdout elsewhere
// in hosts/cli/): text on stdout and messages on stderr with their control characters made
// visible (terminal-text.ts), since much of it was written by a server, a registry or a bundle;
// JSON on stdout exactly as JSON.stringify gives it (it escapes C0 controls itself, and a script
// reading it must get the values as they are).
import { terminalText } from './terminal-text.js';

/** A line (or lines) of text on stdout. */
export function printText(text: string): void {
  console.log(terminalText(text));
}

/** A message on stderr. */
export function printError(text: string): void {
  console.error(terminalText(text));
}

/** A JSON value on stdout, indented, as it is. */
export function printJson(value: unknown): void {
  console.log(JSON.stringify(value, null, 2));
}

/** A document on stdout (a view's HTML) as its lines are, ending with a line break. */
export function printDocument(text: string): void {
  const shown = terminalText(text);
  process.stdout.write(shown.endsWith('\n') ? shown : `${shown}\n`);
}
