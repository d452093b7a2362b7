// docs/design.md against the code: §3 ("What is saved") names every field the config's schemas
// save, so a new persisted field cannot land without it; and every source comment that cites the
// page cites it as `docs/design.md §N` with a section that exists.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppConfigSchema, McpServerSchema, ModelToolsSchema } from '../../src/types/config.js';
import { REPO_ROOT } from '../fixtures/entry.js';

const DESIGN = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'design.md'), 'utf8');

/** The text of section `n` (`## n. …`) up to the next section. */
function section(markdown: string, n: number): string {
  const start = markdown.indexOf(`\n## ${n}. `);
  if (start < 0) return '';
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** The fields of `schema` that §3's code block does not declare (`name:` or `name?:` in an interface). */
function undeclared(schema: { shape: Record<string, unknown> }, block: string): string[] {
  return Object.keys(schema.shape).filter((field) => !new RegExp(`(^|[\\s{;])${field}\\??:`, 'm').test(block));
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|vue)$/.test(entry.name) ? [full] : [];
  });
}

describe('docs/design.md', () => {
  it('§3 declares every field that config.json saves: the app, each model, each server', () => {
    const saved = section(DESIGN, 3);
    const block = /```ts\n([\s\S]*?)```/.exec(saved)?.[1] ?? '';
    expect(block).toContain('interface McpServer');
    expect({
      AppConfig: undeclared(AppConfigSchema, block),
      ModelTools: undeclared(ModelToolsSchema, block),
      McpServer: undeclared(McpServerSchema, block),
    }).toEqual({ AppConfig: [], ModelTools: [], McpServer: [] });
    // The check reads declarations, not any mention: a field named only in prose is missing.
    expect(undeclared({ shape: { registryUrl: 1, neverSaved: 1 } }, 'registryUrl?: string; // neverSaved')).toEqual(['neverSaved']);
  });

  it('sources cite it as `docs/design.md §N`, and each N is a section of it', () => {
    const sections = new Set([...DESIGN.matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1])));
    expect(sections.size).toBeGreaterThan(8);
    const wrong: string[] = [];
    let cited = 0;
    for (const file of sources(path.join(REPO_ROOT, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      const where = path.relative(REPO_ROOT, file);
      // A citation of the old, outside design file, in any spelling.
      if (/DESIGN\.md/.test(text)) wrong.push(`${where}: cites DESIGN.md`);
      for (const match of text.matchAll(/docs\/design\.md\s+§(\d+)/g)) {
        cited++;
        if (!sections.has(Number(match[1]))) wrong.push(`${where}: §${match[1]} is no section`);
      }
    }
    expect(cited).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
