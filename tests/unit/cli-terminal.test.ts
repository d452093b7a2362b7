// What reaches the terminal: text a server, a registry or a bundle wrote is printed by `inspect`
// with its control characters made visible (ESC sequences that set the window's title, clear the
// screen or make OSC 8 links; BEL; C1 controls; a bare CR), while `--json` prints the values
// exactly as JSON.stringify gives them. As child processes, for the bytes a terminal would get:
// a stdio fixture server whose names, descriptions, instructions and stderr hold such sequences,
// a fixture registry whose entry's title and description do, and a bundle (packed by mcpb) whose
// name and author do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneLine, terminalText } from '../../src/main/hosts/cli/terminal-text.js';
import { packFilesystemBundle } from '../fixtures/bundles/pack.js';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/server.js';
import { inspectChild, type InspectRun } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, stdioEntry, tempDir } from './helpers/mcp-env.js';

const ESC = '\u001b';
const BEL = '\u0007';
/** Sets the terminal window's title. */
const TITLE = `${ESC}]0;pwned${BEL}`;
/** Clears the screen. */
const CLEAR = `${ESC}[2J`;
/** An OSC 8 hyperlink whose text hides where it goes. */
const LINK = `${ESC}]8;;https://evil.example/${ESC}\\docs${ESC}]8;;${ESC}\\`;
/** C1 CSI (U+009B): an ESC [ in terminals that take 8-bit controls; C1 NEL too. */
const C1 = '\u009b31mred\u0085';

const TOOL = `grab${TITLE}`;
const PROMPT_DESCRIPTION = `Summarize ${LINK} ${CLEAR}then${C1}`;
const RESOURCE_NAME = `notes${CLEAR}`;
const INSTRUCTIONS = `Use the tools.\n\tIndented line${TITLE}\r\nlast line\roverwritten`;
const STDERR_LINE = `starting${CLEAR}${BEL}`;
const REGISTRY_NAME = 'io.github.example/escapes';
const REGISTRY_TITLE = `Escapes${TITLE}`;
const REGISTRY_DESCRIPTION = `Reads files. ${LINK}${CLEAR}${C1}\u007f`;

/** Every control character a terminal acts on: all but tab, line feed and the CR of a CRLF. */
// eslint-disable-next-line no-control-regex -- what the test looks for
const RAW_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;

/** The run exited 0 and put no control character but tabs and line breaks on stdout or stderr. */
function clean(run: InspectRun): InspectRun {
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).not.toMatch(RAW_CONTROL);
  expect(run.stderr).not.toMatch(RAW_CONTROL);
  return run;
}

/** The run's stdout is exactly what JSON.stringify(value, null, 2) prints: no escaping of ours. */
function exactJson(run: InspectRun): unknown {
  expect(run.code, run.stderr).toBe(0);
  const value: unknown = JSON.parse(run.stdout);
  expect(run.stdout).toBe(`${JSON.stringify(value, null, 2)}\n`);
  return value;
}

describe('terminalText: control characters made visible', () => {
  it('shows ESC, BEL, C1, DEL and a bare CR as escapes; keeps tab, line feed and CRLF; leaves the rest', () => {
    expect(terminalText(`${TITLE}${CLEAR}`)).toBe('\\x1b]0;pwned\\x07\\x1b[2J');
    expect(terminalText(LINK)).toBe('\\x1b]8;;https://evil.example/\\x1b\\docs\\x1b]8;;\\x1b\\');
    expect(terminalText(C1)).toBe('\\x9b31mred\\x85');
    expect(terminalText('a\u0000b\u007fc\u0080')).toBe('a\\x00b\\x7fc\\x80');
    expect(terminalText('one\ttwo\nthree\r\nfour\rfive')).toBe('one\ttwo\nthree\r\nfour\\rfive');
    const plain = 'Größe: 12 € — 搜索 🙂 \u00a0 \\x1b stays as typed';
    expect(terminalText(plain)).toBe(plain);
  });

  it('on one line, tab and line breaks are shown too', () => {
    expect(oneLine('a\tb\nc\r\nd')).toBe('a\\tb\\nc\\r\\nd');
    expect(oneLine(`x${ESC}y`)).toBe('x\\x1by');
    expect(oneLine('plain')).toBe('plain');
  });
});

describe('inspect as a child process: what reaches the terminal', () => {
  let dir: string;
  let registry: FixtureRegistry;

  beforeAll(async () => {
    dir = tempDir('inspect-terminal-');
    seedStore(dir, [
      stdioEntry('hostile', 'Hostile', {
        id: 'hostile',
        transport: 'stdio',
        tools: [TOOL, 'plain'],
        malformedTools: [{ name: `broken${CLEAR}`, inputSchema: { type: 'string' } }],
        prompts: [{ name: `sum${C1}`, description: PROMPT_DESCRIPTION, arguments: [{ name: `text${BEL}`, required: true }] }],
        resources: [{ uri: 'file:///notes.txt', name: RESOURCE_NAME, mimeType: 'text/plain', text: 'milk' }],
        instructions: INSTRUCTIONS,
        stderr: [STDERR_LINE],
      }, { toolPolicies: { plain: 'allow' } }),
    ]);
    registry = await startFixtureRegistry([{
      publishedAt: '2026-01-01T00:00:00.000Z',
      server: {
        name: REGISTRY_NAME,
        title: REGISTRY_TITLE,
        description: REGISTRY_DESCRIPTION,
        version: '1.0.0',
        remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp' }],
      },
    }]);
  });

  afterAll(async () => {
    await registry?.close();
    removeTempDirs();
  });

  it('the listing shows a tool\'s and a skipped tool\'s names with their escapes; --json holds them as they are', async () => {
    const text = clean(await inspectChild(['--user-data', dir]));
    expect(text.stdout).toContain(`<- grab\\x1b]0;pwned\\x07  [`);
    expect(text.stdout).toContain('skipped broken\\x1b[2J: ');
    const listing = exactJson(await inspectChild(['--user-data', dir, '--json'])) as { servers: Array<{ tools: Array<{ original: string }> }> };
    expect(listing.servers[0]!.tools.map((tool) => tool.original)).toEqual([TOOL, 'plain']);
  }, 60_000);

  it('prompts and resources: names and descriptions with their escapes; --json as they are', async () => {
    const prompts = clean(await inspectChild(['--user-data', dir, 'prompts']));
    expect(prompts.stdout).toBe(`sum_31mred_ <- sum\\x9b31mred\\x85 text\\x07  (Hostile)  Summarize \\x1b]8;;https://evil.example/\\x1b\\docs\\x1b]8;;\\x1b\\ \\x1b[2Jthen\\x9b31mred\\x85\n`);
    const promptsJson = exactJson(await inspectChild(['--user-data', dir, 'prompts', '--json'])) as { prompts: Array<{ original: string; description: string }> };
    expect(promptsJson.prompts[0]).toMatchObject({ original: `sum${C1}`, description: PROMPT_DESCRIPTION });
    const resources = clean(await inspectChild(['--user-data', dir, 'resources']));
    expect(resources.stdout).toBe('file:///notes.txt  notes\\x1b[2J [text/plain]  (Hostile)\n');
    const resourcesJson = exactJson(await inspectChild(['--user-data', dir, 'resources', '--json'])) as { resources: Array<{ name: string }> };
    expect(resourcesJson.resources[0]!.name).toBe(RESOURCE_NAME);
  }, 60_000);

  it('instructions keep their tabs and line breaks, and show the rest; logs show the server\'s stderr on one line', async () => {
    const instructions = clean(await inspectChild(['--user-data', dir, 'instructions']));
    // The block is what a model gets: control characters are hidden characters, removed for it
    // (docs/providers.md, "Hidden characters"); a lone carriage return, which it keeps, is shown.
    expect(instructions.stdout).toContain('Use the tools.\n\tIndented line]0;pwned\r\nlast line\\roverwritten');
    const instructionsJson = exactJson(await inspectChild(['--user-data', dir, 'instructions', '--json'])) as { servers: Array<{ instructions: string }> };
    expect(instructionsJson.servers[0]!.instructions).toBe(INSTRUCTIONS);
    const logs = clean(await inspectChild(['--user-data', dir, 'logs', 'Hostile']));
    expect(logs.stdout).toMatch(/stderr\s+\w+\s+starting\\x1b\[2J\\x07\n/);
    const logsJson = exactJson(await inspectChild(['--user-data', dir, 'logs', 'Hostile', '--json'])) as { entries: Array<{ text: string }> };
    expect(logsJson.entries.map((entry) => entry.text)).toContain(STDERR_LINE);
  }, 60_000);

  it('registry search: the entry\'s title and description with their escapes; --json as the registry sent them', async () => {
    const search = clean(await inspectChild(['--user-data', dir, 'registry', 'search', 'escapes', '--registry', registry.url]));
    expect(search.stdout).toBe(`${REGISTRY_NAME}@1.0.0  Escapes\\x1b]0;pwned\\x07: Reads files. \\x1b]8;;https://evil.example/\\x1b\\docs\\x1b]8;;\\x1b\\\\x1b[2J\\x9b31mred\\x85\\x7f  [remote]\n`);
    const json = exactJson(await inspectChild(['--user-data', dir, 'registry', 'search', 'escapes', '--json', '--registry', registry.url])) as { servers: Array<{ title: string; description: string }> };
    expect(json.servers[0]).toMatchObject({ title: REGISTRY_TITLE, description: REGISTRY_DESCRIPTION });
  }, 60_000);

  it('bundle install: the bundle\'s name and author on stderr, and the label it gave the server on stdout, with their escapes', async () => {
    const work = tempDir('terminal-bundle-');
    const bundle = await packFilesystemBundle(work, 'escapes', { extra: { display_name: `Files${TITLE}`, author: { name: `Mallory${CLEAR}${C1}` } } });
    const profile = tempDir('terminal-bundle-profile-');
    const run = await inspectChild(['--user-data', profile, 'bundle', 'install', bundle, '--set', `allowed_directories=${work}`]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(RAW_CONTROL);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stderr).toContain('Installing Files\\x1b]0;pwned\\x07 2026.8.31 by Mallory\\x1b[2J\\x9b31mred\\x85, unsigned: ');
    expect(run.stdout).toMatch(/^Added "Files\\x1b\]0;pwned\\x07" \(/);
  }, 120_000);

  it('a message on stderr naming what the user typed shows its escapes too', async () => {
    const run = await inspectChild(['--user-data', dir, 'call', `nope${TITLE}`, '{}']);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(RAW_CONTROL);
    expect(run.stderr).toContain('nope\\x1b]0;pwned\\x07');
  }, 60_000);
});
