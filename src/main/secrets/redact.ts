// Takes known secret values out of text the app prints or shows: logs, error messages, a server's
// stderr, notices, inspect output. Pure. A server may echo its environment or headers in an error;
// whatever it echoes is found here by value, not by where it came from.

/** Shorter values are not redacted: replacing every "1" or "abc" would mangle messages. */
export const MIN_REDACTED_LENGTH = 4;
export const REDACTED = '[redacted]';

/** The forms a value takes in text: as is, its token after an auth scheme, JSON-escaped. */
export function textForms(value: string): string[] {
  const forms = new Set([value]);
  // "Bearer sk-…": a server complaining about the token may quote only the token.
  const scheme = /^[A-Za-z][A-Za-z0-9._~+-]*\s+(\S.*)$/s.exec(value);
  if (scheme?.[1]) forms.add(scheme[1]);
  for (const form of [...forms]) forms.add(JSON.stringify(form).slice(1, -1));
  return [...forms].filter((form) => form.length >= MIN_REDACTED_LENGTH);
}

/** Every form of `values` (see textForms), longest first, so a value that contains another is replaced whole. */
function formsOf(values: Iterable<string>): string[] {
  return [...new Set([...values].flatMap(textForms))].sort((a, b) => b.length - a.length);
}

function replaceForms(text: string, forms: readonly string[]): string {
  let result = text;
  for (const form of forms) if (result.includes(form)) result = result.split(form).join(REDACTED);
  return result;
}

/** `text` with every form of each of `values` replaced by `[redacted]`. */
export function redactValues(text: string, values: Iterable<string>): string {
  return replaceForms(text, formsOf(values));
}

/** Redaction of the values it has been given so far, for everything the app prints or shows. */
export class Redactor {
  #values = new Set<string>();
  /** Longest first; recomputed only when a new value arrives. */
  #forms: string[] = [];

  /** Remembers a value so that `redact` takes it out of text from now on. */
  add(value: string): void {
    if (this.#values.has(value)) return;
    this.#values.add(value);
    this.#forms = formsOf(this.#values);
  }

  redact(text: string): string {
    return replaceForms(text, this.#forms);
  }
}
