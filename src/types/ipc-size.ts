// How large a request of the IPC contract (ipc.ts) may be, measured the same way in both hosts:
// its input as UTF-8 JSON. Shared by main (the handlers check it) and the renderer (no Buffer here).

/**
 * The most any request's input may be, as JSON in UTF-8, on every channel and in both hosts (an
 * Electron invoke is measured the same way): above it the contract refuses the request, naming
 * the limit. The browser host reads a body this large and its envelope, so what it refuses with a
 * bare 413 no client of the contract sends. 8 MiB: findTools' query of 1 MiB characters takes at
 * most 6 MiB as JSON (a control character is written `\u0001`), with room for its selection; the
 * channels whose fields are bounded (a Claude Desktop config of 1,000,000 characters, a bundle's
 * upload chunk) fit whole, and those that take any JSON (a call's arguments, a selection) stop here.
 */
export const MAX_INPUT_BYTES = 8 * 1024 * 1024;

/** The size of `input` as UTF-8 JSON, as MAX_INPUT_BYTES counts it (0 for none); null when it is no JSON value (a cycle, a BigInt). */
export function inputBytes(input: unknown): number | null {
  let text: string | undefined;
  try {
    text = JSON.stringify(input);
  } catch {
    return null;
  }
  return text === undefined ? 0 : utf8Length(text);
}

/** Bytes of `text` in UTF-8, counted without encoding it (the renderer shares this file: no Buffer). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    // A surrogate pair is two units and four bytes; a unit alone (JSON.stringify escapes those) three.
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}
