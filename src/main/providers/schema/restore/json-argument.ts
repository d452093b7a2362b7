// The way back for a value sent as a string holding JSON (json-text.ts): the string parsed. A
// string that does not parse, or parses to a type the server's schema does not take there, is
// passed on as it is where the server takes a string (the model wrote plain text), and refused
// otherwise: the call is not sent, and the model is told which argument to fix and why.
import { jsonText } from '../common/json.js';
import { article, describeTypes, typeOfValue } from '../common/value-types.js';
import { messageOf } from '../../../../types/errors.js';

/** A field of the arguments: property names and item indexes from the top. */
export interface ArgumentPath {
  readonly up: ArgumentPath | null;
  readonly key: string | number;
}

/** An argument the model sent that cannot become what the server's schema takes there. */
export class UnreadableArgument extends Error {
  constructor(
    /** Where, as a user reads it: `config.credentials`, `items[2]`, `arguments` for the top. */
    readonly field: string,
    /** What is wrong, in words the model can act on. */
    readonly problem: string,
  ) {
    super(`The argument "${field}" ${problem}. Nothing was sent to the server; call the tool again with the argument fixed.`);
    this.name = 'UnreadableArgument';
  }
}

/** `text` parsed back into the value a server whose schema allows `types` (null: any) takes. */
export function parseJsonArgument(text: string, types: readonly string[] | null, path: ArgumentPath | null): unknown {
  const takesString = types === null || types.includes('string');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (takesString) return text;
    throw new UnreadableArgument(fieldOf(path), `must be a string holding JSON (${describeTypes(types)}), and ${jsonText(text, 80)} does not parse: ${messageOf(error)}`);
  }
  if (allows(types, value)) return value;
  if (takesString) return text;
  throw new UnreadableArgument(fieldOf(path), `must be a string holding JSON (${describeTypes(types)}), and ${jsonText(text, 80)} holds ${article(typeOfValue(value))}`);
}

function allows(types: readonly string[] | null, value: unknown): boolean {
  if (types === null) return true;
  const type = typeOfValue(value);
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

function fieldOf(path: ArgumentPath | null): string {
  const keys: Array<string | number> = [];
  for (let at = path; at !== null; at = at.up) keys.unshift(at.key);
  if (keys.length === 0) return 'arguments';
  return keys.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');
}
