// The house rules of docs/architecture.md, checked on the sources as they are: imports run down
// the layers (hosts → core and ipc → the manager → the rest; src/types and the renderer apart),
// there are no import circles, no folder of src/main holds more than 15 files, and no source file
// is over 400 lines.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../fixtures/entry.js';

const SRC = path.join(REPO_ROOT, 'src');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|vue)$/.test(entry.name) ? [full] : [];
  });
}

/** Repo-relative source → the repo-relative sources it imports (type-only imports too: they still tie files together). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2]!;
      const resolved = path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts');
      if (fs.existsSync(resolved)) targets.push(path.relative(REPO_ROOT, resolved));
    }
    graph.set(path.relative(REPO_ROOT, file), targets);
  }
  return graph;
}

function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

/**
 * The layers of src/main, stated once (docs/architecture.md prints this table): each unit (a
 * file, or a folder with everything under it) and the units it may import besides itself and
 * src/types. A unit inside a folder of the table may also import what that folder may.
 */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  // The hosts start the core and serve IPC; anything below them.
  'src/main/hosts': ['src/main/ipc.ts', 'src/main/core.ts', 'src/main/install', 'src/main/mcp.ts', 'src/main/mcp', 'src/main/migrations', 'src/main/providers', 'src/main/search', 'src/main/integrity', 'src/main/auth', 'src/main/secrets', 'src/main/config', 'src/main/profile', 'src/main/naming.ts', 'src/main/naming'],
  'src/main/ipc.ts': ['src/main/core.ts', 'src/main/install', 'src/main/mcp.ts', 'src/main/mcp', 'src/main/providers', 'src/main/search', 'src/main/integrity', 'src/main/auth', 'src/main/secrets', 'src/main/config', 'src/main/profile', 'src/main/naming.ts', 'src/main/naming'],
  'src/main/core.ts': ['src/main/install', 'src/main/mcp.ts', 'src/main/mcp', 'src/main/migrations', 'src/main/providers', 'src/main/search', 'src/main/integrity', 'src/main/auth', 'src/main/secrets', 'src/main/config', 'src/main/profile', 'src/main/naming.ts', 'src/main/naming'],
  // Installing servers (a registry, a bundle): beside the manager, reaching it through an interface.
  'src/main/install': ['src/main/config', 'src/main/profile'],
  // The manager, and the units it is made of.
  'src/main/mcp.ts': ['src/main/mcp', 'src/main/providers', 'src/main/search', 'src/main/integrity', 'src/main/auth', 'src/main/secrets', 'src/main/config', 'src/main/profile', 'src/main/naming.ts', 'src/main/naming'],
  'src/main/mcp': ['src/main/providers', 'src/main/search', 'src/main/integrity', 'src/main/auth', 'src/main/secrets', 'src/main/config', 'src/main/profile', 'src/main/naming.ts', 'src/main/naming'],
  'src/main/mcp/signals': [],
  'src/main/mcp/user-input': [],
  'src/main/mcp/policies': [],
  'src/main/mcp/message-size': [],
  'src/main/mcp/stdio': ['src/main/mcp/message-size'],
  'src/main/mcp/icons': [],
  'src/main/mcp/roots': [],
  'src/main/mcp/tasks': ['src/main/mcp/signals'],
  'src/main/mcp/protocol': ['src/main/mcp/signals'],
  'src/main/mcp/listing': ['src/main/mcp/icons', 'src/main/mcp/policies', 'src/main/mcp/protocol', 'src/main/mcp/user-input'],
  'src/main/mcp/connection': ['src/main/mcp/icons', 'src/main/mcp/listing', 'src/main/mcp/message-size', 'src/main/mcp/protocol', 'src/main/mcp/stdio', 'src/main/mcp/tasks'],
  'src/main/mcp/integrity': ['src/main/mcp/listing'],
  'src/main/mcp/names': ['src/main/mcp/connection', 'src/main/mcp/icons', 'src/main/mcp/integrity', 'src/main/mcp/policies'],
  'src/main/mcp/elicitation': ['src/main/mcp/user-input'],
  'src/main/mcp/instructions': ['src/main/mcp/connection', 'src/main/mcp/names'],
  'src/main/mcp/servers': ['src/main/mcp/connection', 'src/main/mcp/icons', 'src/main/mcp/names', 'src/main/mcp/policies'],
  'src/main/mcp/for-providers': ['src/main/mcp/connection', 'src/main/mcp/names'],
  'src/main/mcp/calls': ['src/main/mcp/connection', 'src/main/mcp/elicitation', 'src/main/mcp/names', 'src/main/mcp/policies', 'src/main/mcp/tasks'],
  'src/main/mcp/apps': ['src/main/mcp/connection', 'src/main/mcp/names'],
  'src/main/mcp/offerings': ['src/main/mcp/connection', 'src/main/mcp/elicitation', 'src/main/mcp/for-providers', 'src/main/mcp/icons', 'src/main/mcp/listing', 'src/main/mcp/names', 'src/main/mcp/user-input'],
  // The manager's wiring: every unit above, built once for mcp.ts.
  'src/main/mcp/manager': ['src/main/mcp/apps', 'src/main/mcp/calls', 'src/main/mcp/connection', 'src/main/mcp/elicitation', 'src/main/mcp/for-providers', 'src/main/mcp/icons', 'src/main/mcp/instructions', 'src/main/mcp/integrity', 'src/main/mcp/names', 'src/main/mcp/offerings', 'src/main/mcp/roots', 'src/main/mcp/servers', 'src/main/mcp/tasks'],
  // The upgrade, run once at start, before anything connects.
  'src/main/migrations': ['src/main/secrets', 'src/main/config', 'src/main/profile', 'src/main/naming.ts', 'src/main/naming'],
  // The cores: pure, each with a thin I/O edge.
  'src/main/providers': ['src/main/naming.ts', 'src/main/naming', 'src/main/integrity'],
  'src/main/providers/content': [],
  'src/main/providers/results': ['src/main/providers/content'],
  'src/main/providers/schema': [],
  'src/main/providers/schema/common': [],
  'src/main/providers/schema/passes': ['src/main/providers/schema/common'],
  'src/main/providers/schema/restore': ['src/main/providers/schema/common'],
  'src/main/search': [],
  'src/main/integrity': [],
  'src/main/auth': ['src/main/secrets', 'src/main/config', 'src/main/profile'],
  'src/main/secrets': ['src/main/config', 'src/main/profile'],
  'src/main/config': ['src/main/profile', 'src/main/naming.ts', 'src/main/naming'],
  'src/main/profile': [],
  'src/main/naming.ts': ['src/main/naming'],
  'src/main/naming': [],
};

/** The most specific unit of the table that holds `file`. */
function unitOf(file: string): string | undefined {
  let best: string | undefined;
  for (const unit of Object.keys(MAY_IMPORT)) {
    const holds = file === unit || file.startsWith(`${unit}/`);
    if (holds && (best === undefined || unit.length > best.length)) best = unit;
  }
  return best;
}

/** What `unit` may import: its own entries, and those of every unit of the table it lies in. */
function allowedFor(unit: string): Set<string> {
  const allowed = new Set<string>();
  for (const [other, targets] of Object.entries(MAY_IMPORT)) {
    if (unit === other || unit.startsWith(`${other}/`)) for (const target of targets) allowed.add(target);
  }
  return allowed;
}

/** Imports the table does not allow, as `file → target`. */
function layerViolations(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const wrong: string[] = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      if (target.startsWith('src/types/')) continue;
      if (file.startsWith('src/types/') || file.startsWith('src/renderer/')) {
        if (!target.startsWith(file.startsWith('src/types/') ? 'src/types/' : 'src/renderer/')) wrong.push(`${file} → ${target}`);
        continue;
      }
      const from = unitOf(file);
      const to = unitOf(target);
      if (from === undefined || to === undefined) continue;
      // Inside one unit, and into a unit nested in it (a folder's own sub-folders), files may import each other.
      if (to === from || to.startsWith(`${from}/`)) continue;
      const allowed = allowedFor(from);
      // A target inside an allowed unit is allowed (a sub-folder of providers, say).
      if (![...allowed].some((unit) => to === unit || to.startsWith(`${unit}/`))) wrong.push(`${file} → ${target}`);
    }
  }
  return wrong;
}

/**
 * docs/architecture.md's table of src/main/mcp's folders: each folder → the siblings it may import
 * (sorted), or `prose` for a row that says it in words (the manager's "every folder above").
 */
function documentedSiblingImports(markdown: string): Map<string, string[] | 'prose'> {
  const rows = new Map<string, string[] | 'prose'>();
  const table = markdown.split('| folder | may import |')[1] ?? '';
  for (const line of table.split('\n').slice(2)) {
    const cells = /^\|(.*)\|(.*)\|\s*$/.exec(line);
    if (!cells) break;
    const names = (cell: string): string[] => [...cell.matchAll(/`([a-z-]+)\/`/g)].map((match) => match[1]!);
    const targets = cells[2]!.trim();
    const said = targets === 'none of its siblings' ? [] : /^(`[a-z-]+\/`(, )?)+$/.test(targets) ? names(targets).sort() : 'prose';
    for (const folder of names(cells[1]!)) rows.set(folder, said);
  }
  return rows;
}

/** The folders of src/main: a path in a comment that starts with one of them (or with src/main, src/renderer, src/types) names a source file; other packages' `src/…` do not. */
const MAIN_FOLDERS = fs.readdirSync(path.join(SRC, 'main'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const NAMED_FILE = new RegExp(`(?<![\\w./-])((?:src/(?:main|renderer|types)|${MAIN_FOLDERS.join('|')})/[\\w./-]*\\.(?:ts|vue))\\b`, 'g');

/**
 * The source files that comments (in .ts and .vue files) and pages (.md) of `files` name and that
 * no file of `files` is: `file names path`. Code is not read, only comments and prose.
 */
function namedFiles(files: readonly string[], read: (file: string) => string): string[] {
  const missing: string[] = [];
  for (const file of files) {
    if (!/\.(ts|vue|md)$/.test(file)) continue;
    const lines = read(file).split('\n');
    const prose = file.endsWith('.md') ? lines : lines.filter((line) => /^\s*(\/\/|\/?\*|<!--)/.test(line));
    for (const line of prose) {
      for (const [, named] of line.matchAll(NAMED_FILE)) {
        if (!files.some((other) => other === named || other.endsWith(`/${named}`))) missing.push(`${file} names ${named}`);
      }
    }
  }
  return [...new Set(missing)];
}

describe('the house', () => {
  const graph = importGraph();

  it('reads the sources (the check is not vacuous)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/main/core.ts')).toContain('src/main/mcp.ts');
  });

  it('has no import circles', () => {
    expect(circles(graph).map((circle) => circle.join(' → '))).toEqual([]);
    // The check finds one when there is one.
    expect(circles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('every source file belongs to a unit of the table', () => {
    const orphans = [...graph.keys()].filter((file) => file.startsWith('src/main/') && unitOf(file) === undefined);
    expect(orphans).toEqual([]);
  });

  it('each unit imports only what the table allows it: imports run down the layers, never back up', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('the layer check finds an import that runs back up', () => {
    const upward = new Map([
      ['src/main/config/claude-import.ts', ['src/main/mcp/names/saved-names.ts']],
      ['src/main/mcp/elicitation/router.ts', ['src/main/mcp/calls/call-deadline.ts']],
      ['src/main/mcp/calls/tool-call.ts', ['src/main/mcp/names/tool-index.ts', 'src/types/mcp.ts']],
      ['src/types/mcp.ts', ['src/main/mcp.ts']],
      ['src/renderer/App.vue', ['src/main/naming.ts']],
    ]);
    expect(layerViolations(upward)).toEqual([
      'src/main/config/claude-import.ts → src/main/mcp/names/saved-names.ts',
      'src/main/mcp/elicitation/router.ts → src/main/mcp/calls/call-deadline.ts',
      'src/types/mcp.ts → src/main/mcp.ts',
      'src/renderer/App.vue → src/main/naming.ts',
    ]);
  });

  it("every folder of src/main/mcp has a README, a row of the table, and the same row in docs/architecture.md and mcp/README.md", () => {
    const mcp = path.join(SRC, 'main', 'mcp');
    const folders = fs.readdirSync(mcp, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(10);
    const documented = documentedSiblingImports(fs.readFileSync(path.join(REPO_ROOT, 'docs', 'architecture.md'), 'utf8'));
    const readme = fs.readFileSync(path.join(mcp, 'README.md'), 'utf8');
    const wrong = folders.flatMap((name) => {
      const unit = `src/main/mcp/${name}`;
      const problems: string[] = [];
      if (!fs.existsSync(path.join(mcp, name, 'README.md'))) problems.push(`${name}: no README.md`);
      if (!readme.includes(`| \`${name}/\` |`)) problems.push(`${name}: no row in src/main/mcp/README.md`);
      // Without a row of its own, a folder would fall under src/main/mcp and could import every sibling.
      const allowed = MAY_IMPORT[unit];
      if (allowed === undefined) problems.push(`${name}: no row in MAY_IMPORT`);
      if (!documented.has(name)) problems.push(`${name}: no row in docs/architecture.md`);
      const said = documented.get(name);
      if (allowed !== undefined && said !== undefined && said !== 'prose') {
        const siblings = allowed.filter((target) => target.startsWith('src/main/mcp/')).map((target) => target.slice('src/main/mcp/'.length)).sort();
        if (siblings.join(',') !== said.join(',')) problems.push(`${name}: docs/architecture.md says ${said.join(',') || 'none'}, MAY_IMPORT ${siblings.join(',') || 'none'}`);
      }
      return problems;
    });
    expect(wrong).toEqual([]);
    // The reader of the doc's table finds a folder missing from it, and a row out of step.
    const doctored = documentedSiblingImports('| folder | may import |\n| --- | --- |\n| `a/`, `b/` | none of its siblings |\n| `c/` | `b/`, `a/` |\n| `d/` | every folder above |\n');
    expect([...doctored]).toEqual([['a', []], ['b', []], ['c', ['a', 'b']], ['d', 'prose']]);
  });

  it('the files that comments and docs name exist: a move or a rename leaves no reader lost', () => {
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : walk(full);
        return [path.relative(REPO_ROOT, full)];
      });
    const files = ['src', 'tests', 'bench', 'scripts', 'docs', 'tools'].flatMap((top) => walk(path.join(REPO_ROOT, top)));
    const missing = namedFiles(files, (file) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'));
    expect(missing).toEqual([]);
    // A name is found when a file's path ends with it; one that no file has is reported with where it is named.
    const doctored = namedFiles(['src/main/mcp/calls/find-tools.ts', 'src/main/mcp.ts'], (file) => (file.endsWith('mcp.ts') && !file.includes('calls') ? '// answered by mcp/find-tools.ts, see calls/find-tools.ts\nconst x = "mcp/nowhere.ts";\n' : ''));
    expect(doctored).toEqual(['src/main/mcp.ts names mcp/find-tools.ts']);
  });

  it("keeps src/main's root to the start-up, its wiring and the two entry points (≤ 6 files)", () => {
    const root = fs.readdirSync(path.join(SRC, 'main'), { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
    expect(root.length).toBeLessThanOrEqual(6);
    expect(root).toEqual(expect.arrayContaining(['core.ts', 'ipc.ts', 'mcp.ts', 'naming.ts']));
  });

  it('has no folder of src/main holding more than 15 source files directly (a shared prefix is a folder waiting to be born)', () => {
    const crowded = (dir: string): string[] => {
      const entries = fs.readdirSync(dir, { withFileTypes: true });
      const own = entries.filter((entry) => entry.isFile() && /\.(ts|vue)$/.test(entry.name)).length;
      const below = entries.filter((entry) => entry.isDirectory()).flatMap((entry) => crowded(path.join(dir, entry.name)));
      return own > 15 ? [`${path.relative(REPO_ROOT, dir)} (${own})`, ...below] : below;
    };
    expect(crowded(path.join(SRC, 'main'))).toEqual([]);
  });

  it('has no source file over 400 lines', () => {
    const long = sources(SRC)
      .map((file) => ({ file: path.relative(REPO_ROOT, file), lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});
