// The entry-module check the CLI and the browser host use to run only when started directly.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isEntryModule } from '../../src/main/profile/paths.js';

describe('isEntryModule', () => {
  const script = path.resolve('/tmp/a folder with spaces/cli.ts');
  const url = pathToFileURL(script).href; // holds %20 where the path has spaces

  it('matches the started script even when its path has characters a URL escapes', () => {
    expect(url).toContain('%20');
    expect(isEntryModule(url, script)).toBe(true);
    expect(isEntryModule(url, path.relative(process.cwd(), script))).toBe(true);
  });

  it('does not match another script, or no script', () => {
    expect(isEntryModule(url, path.resolve('/tmp/a folder with spaces/web.ts'))).toBe(false);
    expect(isEntryModule(url, undefined)).toBe(false);
  });
});
