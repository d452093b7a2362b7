// The Electronegativity gate of `npm test` (scripts/electronegativity.ts): it does fail on a
// finding docs/security.md does not accept (a temp folder holding an insecure Electron window), and its
// table and judgement work as documented. The scan of src/ itself runs in `npm test`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../scripts/electronegativity.js';
import { ACCEPTED_FILE, judge, parseAccepted, projectElectronVersion, scan } from '../../scripts/electronegativity.js';
import { TSX_LOADER_URL } from '../fixtures/launch.js';
import { removeTempDirs, tempDir } from './helpers/mcp-env.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = path.join(ROOT, 'scripts', 'electronegativity.ts');
const README = fs.readFileSync(path.join(ROOT, ACCEPTED_FILE), 'utf8');

const INSECURE_WINDOW = `const { BrowserWindow } = require('electron');
const win = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });
win.loadURL('http://example.com/');
`;

afterAll(() => removeTempDirs());

function badFolder(): string {
  const dir = tempDir('electronegativity-');
  fs.writeFileSync(path.join(dir, 'main.js'), INSECURE_WINDOW);
  return dir;
}

describe('the Electronegativity gate', () => {
  it('scans with the project\'s Electron version', () => {
    expect(projectElectronVersion()).toBe('45.4.1');
  });

  it('finds an insecure window, and docs/security.md accepts none of it', async () => {
    const dir = badFolder();
    const { findings, errors } = await scan(dir, projectElectronVersion());
    expect(errors).toEqual([]);
    const ids = findings.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK', 'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK']));
    expect(judge(findings, parseAccepted(README)).unaccepted.map((f) => f.id)).toEqual(ids);
  });

  it('as a command: exits 1 and names the finding', async () => {
    const dir = badFolder();
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', TSX_LOADER_URL, SCRIPT, dir], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stderr }));
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/electronegativity: HIGH CONTEXT_ISOLATION_JS_CHECK at .*main\.js:2: /);
  });

  it('reads docs/security.md\'s table of accepted findings, each with a reason', () => {
    const accepted = parseAccepted(README);
    expect(accepted.length).toBeGreaterThan(0);
    for (const row of accepted) {
      expect(row.id).toMatch(/^[A-Z_]+$/);
      expect(row.reason.length, row.id).toBeGreaterThan(20);
    }
  });

  it('judges: accepted only by id and file with a reason; rows that match nothing are stale', () => {
    const finding = (id: string, file: string): Finding => ({ id, file, line: 1, severity: 'MEDIUM', description: '' });
    const table = `# x\n### Accepted Electronegativity findings\n\n| Check | File | Why |\n| --- | --- | --- |\n| \`A_CHECK\` | \`src/a.ts\` | a reason that says why |\n| \`B_CHECK\` | \`src/b.ts\` |  |\n| \`C_CHECK\` | \`src/c.ts\` | gone |\n\n## Next\n| \`D_CHECK\` | \`src/d.ts\` | outside the section |\n`;
    const accepted = parseAccepted(table);
    expect(accepted.map((a) => a.id)).toEqual(['A_CHECK', 'B_CHECK', 'C_CHECK']);
    const result = judge([finding('A_CHECK', 'src/a.ts'), finding('A_CHECK', 'src/other.ts'), finding('B_CHECK', 'src/b.ts'), finding('D_CHECK', 'src/d.ts')], accepted);
    expect(result.unaccepted.map((f) => `${f.id} ${f.file}`)).toEqual(['A_CHECK src/other.ts', 'B_CHECK src/b.ts', 'D_CHECK src/d.ts']);
    expect(result.stale.map((a) => a.id)).toEqual(['C_CHECK']);
    expect(result.unexplained.map((a) => a.id)).toEqual(['B_CHECK']);
  });
});
