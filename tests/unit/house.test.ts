// The house rules of docs/architecture.md, checked on the sources as they are: imports run down
// the layers (hosts → core and ipc → the manager → the rest; src/types and the renderer apart),
// there are no import circles, and no source file is over 400 lines.
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

  it('imports run down the layers, never back up', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        const up =
          (target.startsWith('src/main/hosts/') && !file.startsWith('src/main/hosts/')) ||
          (['src/main/core.ts', 'src/main/ipc.ts'].includes(target) && !file.startsWith('src/main/hosts/') && file !== 'src/main/ipc.ts') ||
          (target === 'src/main/mcp.ts' && !['src/main/core.ts', 'src/main/ipc.ts'].includes(file) && !file.startsWith('src/main/hosts/')) ||
          (file.startsWith('src/types/') && !target.startsWith('src/types/')) ||
          (file.startsWith('src/renderer/') && target.startsWith('src/main/')) ||
          (file.startsWith('src/main/') && target.startsWith('src/renderer/'));
        if (up) wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps src/main's root to the start-up, its wiring and the two entry points (≤ 6 files)", () => {
    const root = fs.readdirSync(path.join(SRC, 'main'), { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
    expect(root.length).toBeLessThanOrEqual(6);
    expect(root).toEqual(expect.arrayContaining(['core.ts', 'ipc.ts', 'mcp.ts', 'naming.ts']));
  });

  it('has no source file over 400 lines', () => {
    const long = sources(SRC)
      .map((file) => ({ file: path.relative(REPO_ROOT, file), lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});
