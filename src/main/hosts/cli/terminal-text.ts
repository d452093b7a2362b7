// Text for a terminal, with its control characters made visible (docs/inspect.md, "What reaches
// the terminal"). A terminal obeys what it is sent: ESC sequences set the window's title, clear
// the screen, move the cursor, make links (OSC 8); BEL rings; a bare CR lets a line overwrite
// itself; C1 controls (U+0080–U+009F) act as ESC sequences in some terminals. Text a server, a
// registry or a bundle wrote must not drive the user's terminal, so each such character is shown
// as its escape (`\x1b`, `\x07`, `\x9b`, `\r`) and the rest of the text is left as it is. Pure.

/** C0 controls but tab and line feed, DEL, C1 controls; and a carriage return not followed by a line feed. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;
// eslint-disable-next-line no-control-regex -- the same class as CONTROL
const CONTROL_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;
/** On one line: tab, line feed and carriage return are shown too. */
// eslint-disable-next-line no-control-regex -- the same class as CONTROL, with tab and line breaks
const CONTROL_ONE_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- the same class as CONTROL_ONE_LINE
const CONTROL_ONE_LINE_ALL = /[\u0000-\u001f\u007f-\u009f]/g;

const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One control character as it is shown: `\t`, `\n`, `\r`, else `\x` and two hex digits. */
function visible(char: string): string {
  return NAMED[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

export interface TerminalTextOptions {
  /**
   * The text is one field of a line (a name, a label, a description in a listing): its tabs and
   * line breaks are shown as `\t`, `\n`, `\r` too, so it cannot start a line of its own. Otherwise
   * (a message, a block of instructions, a view's HTML) tabs, line feeds and CRLF stay.
   */
  oneLine?: boolean;
}

/** `text` with its control characters shown as escapes; text without any is returned as it is. */
export function terminalText(text: string, options: TerminalTextOptions = {}): string {
  if (options.oneLine) return CONTROL_ONE_LINE.test(text) ? text.replace(CONTROL_ONE_LINE_ALL, visible) : text;
  return CONTROL.test(text) ? text.replace(CONTROL_ALL, visible) : text;
}

/** One field of a line: `terminalText(text, { oneLine: true })`. */
export function oneLine(text: string): string {
  return terminalText(text, { oneLine: true });
}
