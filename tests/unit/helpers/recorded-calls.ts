// The calls a fixture server received (its `recordCalls` file): what proves that a refused call
// never reached it.
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './mcp-env.js';

export interface RecordedCall {
  tool: string;
  args: Record<string, unknown>;
}

/** A fresh record file (in a temp folder removed by removeTempDirs) and a reader for it. */
export function callRecord(): { file: string; calls: () => RecordedCall[] } {
  const file = path.join(tempDir('mcp-calls-'), 'calls.jsonl');
  return {
    file,
    calls: () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as RecordedCall) : []),
  };
}
