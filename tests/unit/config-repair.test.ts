// repairConfig: whatever a hand edit left in config.json becomes a valid AppConfig, field by
// field, with a warning for every repair; unknown fields are kept; nothing valid is lost.
import { describe, expect, it } from 'vitest';
import { MAX_UNKNOWN_FIELD_DEPTH, repairConfig } from '../../src/main/config/repair.js';
import { AppConfigSchema, defaultConfig } from '../../src/types/config.js';

/** What JSON.parse gives for a config.json, so `__proto__` keys are own data as on disk. */
const parse = (text: string): unknown => JSON.parse(text);

const VALID = parse(`{
  "mcp": { "servers": [
    { "uuid": "s1", "label": "Files", "state": "enabled", "type": "stdio", "command": "npx",
      "args": ["-y", "fs"], "cwd": "/tmp", "env": { "A": "1" }, "connectTimeoutMs": 5000,
      "toolMappings": { "read_file": "read_file", "unity/health": "unity_health" }, "disabledTools": ["write_file"] },
    { "uuid": "s2", "label": "Remote", "state": "disabled", "type": "http", "url": "https://example.com/mcp",
      "headers": { "Authorization": "Bearer x" }, "toolMappings": {} }
  ] },
  "llm": { "defaults": [ { "engine": "openai", "model": "gpt-4o", "tools": ["read_file"] },
                         { "engine": "anthropic", "model": "claude", "tools": null } ] },
  "prompt": { "tools": ["unity_health"] },
  "realtime": { "tools": null },
  "migrations": ["2026-11-legacy-tool-suffixes"]
}`);

describe('repairConfig', () => {
  it('a valid config comes back equal, with no warnings', () => {
    const { config, warnings } = repairConfig(VALID);
    expect(warnings).toEqual([]);
    expect(config).toEqual(VALID);
    expect(AppConfigSchema.safeParse(config).success).toBe(true);
  });

  it.each([undefined, null, [], 'text', 42])('%j → the defaults', (raw) => {
    expect(repairConfig(raw).config).toEqual(defaultConfig());
  });

  it('keeps unknown fields at the top, in every section, per server and per model entry', () => {
    const raw = parse(`{
      "theme": "dark", "window": { "width": 800 },
      "mcp": { "servers": [ { "uuid": "s1", "label": "X", "type": "stdio", "command": "x", "icon": "x.png", "future": { "a": [1] } } ], "autoConnect": true },
      "llm": { "defaults": [ { "engine": "e", "model": "m", "tools": null, "temperature": 0.2 } ], "engine": "openai" },
      "prompt": { "tools": null, "template": "hi" },
      "realtime": { "tools": null, "voice": "alloy" }
    }`);
    const { config, warnings } = repairConfig(raw);
    expect(warnings).toEqual([]);
    expect(config).toMatchObject({
      theme: 'dark',
      window: { width: 800 },
      mcp: { autoConnect: true, servers: [{ uuid: 's1', icon: 'x.png', future: { a: [1] }, state: 'enabled' }] },
      llm: { engine: 'openai', defaults: [{ temperature: 0.2 }] },
      prompt: { template: 'hi' },
      realtime: { voice: 'alloy' },
    });
  });

  it.each([
    ['a string', '"read_file=read_file"'],
    ['a list', '["read_file"]'],
    ['null', 'null'],
    ['a number', '7'],
  ])('toolMappings that is %s is dropped with a warning; the rest of the server stays', (_, mappings) => {
    const raw = parse(`{ "mcp": { "servers": [
      { "uuid": "s1", "label": "Files", "type": "stdio", "command": "x", "args": ["a"], "toolMappings": ${mappings}, "disabledTools": ["w"], "extra": 1 }
    ] } }`);
    const { config, warnings } = repairConfig(raw);
    expect(warnings).toEqual(['Server 1 tool names was not an object and was reset.']);
    expect(config.mcp.servers[0]).toEqual({
      uuid: 's1', label: 'Files', state: 'enabled', type: 'stdio', command: 'x', args: ['a'], disabledTools: ['w'], extra: 1,
    });
  });

  it('keeps every text mapping (even invalid or duplicate names: the manager renames those) and drops non-text ones', () => {
    const raw = parse(`{ "mcp": { "servers": [ { "uuid": "s1", "label": "F", "type": "stdio", "command": "x",
      "toolMappings": { "a": "shared", "b": "shared", "c": "bad name!", "d": 5, "e": { "x": 1 } } } ] } }`);
    const { config, warnings } = repairConfig(raw);
    expect(config.mcp.servers[0]!.toolMappings).toEqual({ a: 'shared', b: 'shared', c: 'bad name!' });
    expect(warnings).toEqual(['Server 1 tool names: 2 non-text value(s) dropped.']);
  });

  it.each([
    ['a string', '"search"', [], 'Server 1 aliases was not a list and was reset.'],
    ['an object', '{ "search": true }', [], 'Server 1 aliases was not a list and was reset.'],
    ['a list with non-text items', '["search", 3, null, "find"]', ['search', 'find'], 'Server 1 aliases: 2 non-text item(s) dropped.'],
  ])('aliases that are %s are repaired with a warning; the names stay', (_, aliases, kept, warning) => {
    const raw = parse(`{ "mcp": { "servers": [ { "uuid": "s1", "label": "F", "type": "stdio", "command": "x",
      "toolMappings": { "search": "search_7", "find": "lookup" }, "aliases": ${aliases} } ] } }`);
    const { config, warnings } = repairConfig(raw);
    expect(warnings).toEqual([warning]);
    expect(config.mcp.servers[0]!.toolMappings).toEqual({ search: 'search_7', find: 'lookup' });
    if (kept.length > 0) expect(config.mcp.servers[0]!.aliases).toEqual(kept);
    else expect(config.mcp.servers[0]).not.toHaveProperty('aliases');
    expect(AppConfigSchema.safeParse(config).success).toBe(true);
  });

  it('`__proto__`, `constructor` and `toString` keys are plain data and pollute nothing', () => {
    const raw = parse(`{ "mcp": { "servers": [ { "uuid": "s1", "label": "F", "type": "stdio", "command": "x",
      "toolMappings": { "__proto__": "__proto__", "constructor": "constructor_1", "toString": "to_string", "hasOwnProperty": "h" },
      "env": { "__proto__": "x" } } ] },
      "__proto__": { "polluted": "yes" } }`);
    const { config } = repairConfig(raw);
    const mappings = config.mcp.servers[0]!.toolMappings!;
    expect(Object.keys(mappings)).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty']);
    expect(Object.getOwnPropertyDescriptor(mappings, '__proto__')?.value).toBe('__proto__');
    expect(Object.getPrototypeOf(mappings)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(config.mcp.servers[0]!.env, '__proto__')?.value).toBe('x');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(config)).mcp.servers[0].toolMappings).toEqual(mappings);
  });

  it('repairs servers one field at a time, each with a warning', () => {
    const raw = parse(`{ "mcp": { "servers": [
      { "uuid": "dup", "label": "One", "type": "stdio", "command": "a" },
      { "uuid": "dup", "label": "Two", "type": "stdio", "command": "b" },
      { "label": "", "type": "ftp", "url": "https://x.example/mcp", "state": "paused", "args": "nope", "env": { "A": 1, "B": "2" } },
      "not a server",
      { "uuid": "s4", "type": "stdio", "command": 12, "cwd": false, "connectTimeoutMs": 5, "disabledTools": ["ok", 3] }
    ] } }`);
    const { config, warnings } = repairConfig(raw);
    const [one, two, three, four] = config.mcp.servers;
    expect(config.mcp.servers).toHaveLength(4);
    expect(one!.uuid).toBe('dup');
    expect(two!.uuid).not.toBe('dup');
    expect(two!.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(three).toMatchObject({ label: 'https://x.example/mcp', type: 'http', state: 'disabled', env: { B: '2' } });
    expect(three!.args).toBeUndefined();
    expect(four).toMatchObject({ uuid: 's4', label: 'Server 5', type: 'stdio', disabledTools: ['ok'] });
    expect(four).not.toHaveProperty('command');
    expect(four).not.toHaveProperty('cwd');
    expect(four).not.toHaveProperty('connectTimeoutMs');
    expect(warnings).toEqual([
      'Server 2 had a missing or duplicate id and was given a new one.',
      'Server 3 had a missing or duplicate id and was given a new one.',
      'Server 3: unknown type "ftp"; guessed from its settings.',
      'Server 3: unknown state "paused"; the server was disabled.',
      'Server 3 args was not a list and was reset.',
      'Server 3 env: 1 value(s) that are neither text nor a secret reference dropped.',
      'Server entry 4 was not an object and was dropped.',
      'Server 5: "command" was not text and was dropped.',
      'Server 5: connect timeout 5 is not usable and was dropped.',
      'Server 5: "cwd" was not text and was dropped.',
      'Server 5 switched-off tools: 1 non-text item(s) dropped.',
    ]);
    expect(AppConfigSchema.safeParse(config).success).toBe(true);
  });

  it('tool policies: valid ones kept (by original name, `__proto__` too); a word in other case fixed; anything else denied', () => {
    const raw = parse(`{ "mcp": { "servers": [
      { "uuid": "s1", "label": "A", "type": "stdio", "command": "a", "defaultPolicy": "allow",
        "toolPolicies": { "read_file": "allow", "__proto__": "ask", "write_file": " Deny", "rm": "never", "x": 1 } },
      { "uuid": "s2", "label": "B", "type": "stdio", "command": "b", "defaultPolicy": "sometimes", "toolPolicies": ["a"] },
      { "uuid": "s3", "label": "C", "type": "stdio", "command": "c", "defaultPolicy": null }
    ] } }`);
    const { config, warnings } = repairConfig(raw);
    const [one, two, three] = config.mcp.servers;
    expect(one!.defaultPolicy).toBe('allow');
    expect(Object.entries(one!.toolPolicies!)).toEqual([['read_file', 'allow'], ['__proto__', 'ask'], ['write_file', 'deny'], ['rm', 'deny'], ['x', 'deny']]);
    expect(Object.getPrototypeOf(one!.toolPolicies)).toBe(Object.prototype);
    expect(two!.defaultPolicy).toBe('deny');
    expect(two).not.toHaveProperty('toolPolicies');
    expect(three).not.toHaveProperty('defaultPolicy');
    expect(warnings).toEqual([
      'Server 1: the policy of tool "write_file" " Deny" is not "allow", "ask" or "deny"; it was set to "deny".',
      'Server 1: the policy of tool "rm" "never" is not "allow", "ask" or "deny"; it was set to "deny".',
      'Server 1: the policy of tool "x" 1 is not "allow", "ask" or "deny"; it was set to "deny".',
      'Server 2 tool policies were not an object and were reset.',
      'Server 2: the default tool policy "sometimes" is not "allow", "ask" or "deny"; it was set to "deny".',
      'Server 3: the default tool policy was empty and was dropped (tools follow their annotations).',
    ]);
    expect(AppConfigSchema.safeParse(config).success).toBe(true);
  });

  it('repairs selections and the server list, keeping what is valid', () => {
    const raw = parse(`{
      "mcp": { "servers": { "s1": {} } },
      "llm": { "defaults": [ { "engine": "e", "model": "m", "tools": ["a", 1, "b"] }, 7, { "model": 3, "tools": "all" } ] },
      "prompt": { "tools": "read_file" },
      "realtime": [ "not", "an", "object" ],
      "migrations": "done",
      "migrationReport": { "id": 1 }
    }`);
    const { config, warnings } = repairConfig(raw);
    expect(config.mcp.servers).toEqual([]);
    // Unreadable selections become no tools, never all tools.
    expect(config.llm.defaults).toEqual([
      { engine: 'e', model: 'm', tools: ['a', 'b'] },
      { engine: '', model: '', tools: [] },
    ]);
    expect(config.prompt.tools).toEqual([]);
    expect(config.realtime).toEqual({ tools: [] });
    expect(config).not.toHaveProperty('migrations');
    expect(config).not.toHaveProperty('migrationReport');
    expect(warnings).toHaveLength(8);
    expect(warnings).toContain('Model entry 3 tools could not be read ("all") and were reset to no tools.');
    expect(warnings).toContain('Prompt tools could not be read ("read_file") and were reset to no tools.');
    expect(warnings).toContain('The "realtime" settings were not an object and were reset; realtime tools were reset to no tools.');
    expect(AppConfigSchema.safeParse(config).success).toBe(true);
  });

  it.each<[string, string]>([
    ['"none"', '"none"'],
    ['an object', '{ "all": true }'],
    ['0', '0'],
    ['true', 'true'],
  ])('a selection that is %s is reset to no tools (never to all tools), and the warning says so', (what, value) => {
    const raw = parse(`{ "prompt": { "tools": ${value} }, "realtime": { "tools": ${value} },
      "llm": { "defaults": [ { "engine": "openai", "model": "gpt-4o", "tools": ${value} } ] } }`);
    const { config, warnings } = repairConfig(raw);
    expect(config.prompt.tools).toEqual([]);
    expect(config.realtime.tools).toEqual([]);
    expect(config.llm.defaults).toEqual([{ engine: 'openai', model: 'gpt-4o', tools: [] }]);
    expect(warnings).toEqual([
      `Model entry 1 tools could not be read (${what}) and were reset to no tools.`,
      `Prompt tools could not be read (${what}) and were reset to no tools.`,
      `Realtime tools could not be read (${what}) and were reset to no tools.`,
    ]);
  });

  it.each(['prompt', 'realtime'])('a "%s" section that is not an object resets its selection to no tools', (key) => {
    const { config, warnings } = repairConfig(parse(`{ "${key}": "all" }`));
    expect(config).toEqual({ ...defaultConfig(), [key]: { tools: [] } });
    expect(warnings).toEqual([`The "${key}" settings were not an object and were reset; ${key} tools were reset to no tools.`]);
  });

  it('loading tools on demand: valid settings kept; a word in other case fixed; anything else back to the default, with a warning', () => {
    const raw = parse(`{ "llm": { "defaults": [
      { "engine": "openai", "model": "a", "tools": null, "toolLoading": "on", "tokenBudget": 8000, "pinnedTools": ["read_file", "write_file"] },
      { "engine": "openai", "model": "b", "tools": null, "toolLoading": " Off ", "tokenBudget": "12000", "pinnedTools": ["a", "a", "b", 3, "c", "d", "e", "f"] },
      { "engine": "openai", "model": "c", "tools": [], "toolLoading": "sometimes", "tokenBudget": -5, "pinnedTools": "read_file" }
    ] } }`);
    const { config, warnings } = repairConfig(raw);
    const [a, b, c] = config.llm.defaults;
    expect(a).toEqual({ engine: 'openai', model: 'a', tools: null, toolLoading: 'on', tokenBudget: 8000, pinnedTools: ['read_file', 'write_file'] });
    expect(b).toEqual({ engine: 'openai', model: 'b', tools: null, toolLoading: 'off', tokenBudget: 12000, pinnedTools: ['a', 'b', 'c', 'd', 'e'] });
    // Unusable values are dropped: the defaults (automatic, 20,000, no pins) apply.
    expect(c).toEqual({ engine: 'openai', model: 'c', tools: [] });
    expect(warnings).toEqual([
      'Model entry 2: loading tools on demand " Off " is not "auto", "on" or "off"; it was set to "off".',
      'Model entry 2: the token budget "12000" was text and was read as a number.',
      'Model entry 2 pinned tools: 1 non-text item(s) dropped.',
      'Model entry 2: 6 pinned tools, at most 5 are kept (the first ones).',
      'Model entry 3: loading tools on demand "sometimes" is not "auto", "on" or "off"; it was reset to "auto".',
      'Model entry 3: the token budget -5 is not usable and was dropped (the default, 20,000, applies).',
      'Model entry 3 pinned tools was not a list and was reset.',
    ]);
    expect(AppConfigSchema.safeParse(config).success).toBe(true);
  });

  it('a missing selection is the default (all tools), as in a new settings file', () => {
    const { config, warnings } = repairConfig(parse('{ "prompt": {}, "llm": { "defaults": [ { "engine": "e", "model": "m" } ] } }'));
    expect(warnings).toEqual([]);
    expect(config.prompt.tools).toBeNull();
    expect(config.realtime.tools).toBeNull();
    expect(config.llm.defaults[0]!.tools).toBeNull();
  });

  it.each([
    ['mcp', '"servers"'],
    ['llm', '[]'],
  ])('a "%s" section that is not an object is reset with a warning', (key, value) => {
    const { config, warnings } = repairConfig(parse(`{ "${key}": ${value}, "theme": "dark" }`));
    expect(warnings).toEqual([`The "${key}" settings were not an object and were reset.`]);
    expect(config).toEqual({ ...defaultConfig(), theme: 'dark' });
  });

  it.each([
    ['connectTimeoutMs', 'connect', 5],
    ['connectTimeoutMs', 'connect', 1.5e3 + 0.5],
    ['connectTimeoutMs', 'connect', 700_000],
    ['connectTimeoutMs', 'connect', '3000'],
    ['callTimeoutMs', 'call', 5],
    ['callTimeoutMs', 'call', 1.5e3 + 0.5],
    ['callTimeoutMs', 'call', 4_000_000],
    ['callTimeoutMs', 'call', '3000'],
  ])('%s %j is dropped with a warning', (key, what, timeout) => {
    const raw = { mcp: { servers: [{ uuid: 's', label: 'S', type: 'stdio', command: 'x', [key]: timeout }] } };
    const { config, warnings } = repairConfig(raw);
    expect(config.mcp.servers[0]).not.toHaveProperty(key);
    expect(warnings).toEqual([`Server 1: ${what} timeout ${JSON.stringify(timeout)} is not usable and was dropped.`]);
    expect(AppConfigSchema.safeParse(config).success).toBe(true);
  });

  it.each([500, 2.5e3 + 0.5, 20_000_000, '5000'])('maxResultChars %j is dropped with a warning; a usable one is kept', (value) => {
    const raw = { mcp: { servers: [{ uuid: 's', label: 'S', type: 'stdio', command: 'x', maxResultChars: value }, { uuid: 't', label: 'T', type: 'stdio', command: 'x', maxResultChars: 5_000 }] } };
    const { config, warnings } = repairConfig(raw);
    expect(config.mcp.servers[0]).not.toHaveProperty('maxResultChars');
    expect(config.mcp.servers[1]!.maxResultChars).toBe(5_000);
    expect(warnings).toEqual([`Server 1: result text limit ${JSON.stringify(value)} is not usable and was dropped (the default, 100,000 characters, applies).`]);
    expect(AppConfigSchema.safeParse(config).success).toBe(true);
  });

  it.each([500, 2.5e3 + 0.5, 90_000_000, '5000'])('maxCallMs %j is dropped with a warning; a usable one is kept', (value) => {
    const raw = { mcp: { servers: [{ uuid: 's', label: 'S', type: 'stdio', command: 'x', maxCallMs: value }, { uuid: 't', label: 'T', type: 'stdio', command: 'x', maxCallMs: 120_000 }] } };
    const { config, warnings } = repairConfig(raw);
    expect(config.mcp.servers[0]).not.toHaveProperty('maxCallMs');
    expect(config.mcp.servers[1]!.maxCallMs).toBe(120_000);
    expect(warnings).toEqual([`Server 1: longest call ${JSON.stringify(value)} is not usable and was dropped (the default, one hour, applies).`]);
    expect(AppConfigSchema.safeParse(config).success).toBe(true);
  });

  it('drops unknown fields nested too deep to copy or serialize, wherever they are, and keeps the rest', () => {
    const deep = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const limit = MAX_UNKNOWN_FIELD_DEPTH;
    const raw = parse(`{
      "junk": ${deep(20_000)}, "fine": ${deep(limit)}, "theme": "dark",
      "mcp": { "servers": [ { "uuid": "s1", "label": "X", "type": "stdio", "command": "x", "icon": ${deep(limit + 1)}, "ok": 1 } ], "x": ${deep(5_000)} },
      "llm": { "defaults": [ { "engine": "e", "model": "m", "tools": ["a"], "deep": { "a": ${deep(30_000)} } } ], "y": ${deep(100)} },
      "prompt": { "tools": ["a"], "z": ${deep(1_000)} },
      "realtime": { "tools": null, "w": ${deep(limit)} }
    }`);
    const { config, warnings } = repairConfig(raw);
    expect(warnings).toEqual([
      `Server 1 field "icon" nests deeper than ${limit} levels and was dropped.`,
      `Settings field "junk" nests deeper than ${limit} levels and was dropped.`,
      `The "mcp" settings field "x" nests deeper than ${limit} levels and was dropped.`,
      `The "llm" settings field "y" nests deeper than ${limit} levels and was dropped.`,
      `Model entry 1 field "deep" nests deeper than ${limit} levels and was dropped.`,
      `The "prompt" settings field "z" nests deeper than ${limit} levels and was dropped.`,
    ]);
    expect(config).toMatchObject({ theme: 'dark', mcp: { servers: [{ uuid: 's1', ok: 1 }] }, prompt: { tools: ['a'] }, llm: { defaults: [{ tools: ['a'] }] } });
    expect(config.mcp.servers[0]).not.toHaveProperty('icon');
    expect(config).not.toHaveProperty('junk');
    // What is left can be copied and serialized, which is what every read and write of the
    // settings does; fields up to the limit are kept.
    expect(JSON.parse(JSON.stringify(structuredClone(config)))).toEqual(config);
    expect((config as Record<string, unknown>).fine).toEqual(JSON.parse(deep(limit)));
    expect(config.realtime).toHaveProperty('w');
  });

  it('does not change its input', () => {
    const raw = parse('{ "mcp": { "servers": [ { "label": "x", "type": "stdio", "command": "x", "toolMappings": [] } ] } }');
    const before = structuredClone(raw);
    repairConfig(raw);
    expect(raw).toEqual(before);
  });
  it('keeps a valid source and registry address; repairs or drops the rest, keeping the server', () => {
    const servers = [
      { uuid: 'r', label: 'R', type: 'stdio', command: 'npx', source: { registry: 'https://registry.example/', name: 'io.x/y', version: '1.0.0' } },
      { uuid: 'b', label: 'B', type: 'stdio', command: 'node', source: { bundle: 'bundles/fs/2.0.0', name: 'fs', version: '2.0.0' } },
      { uuid: 'c', label: 'C', type: 'stdio', command: 'node', source: { bundle: 'bundles/../../home', name: 'fs', version: '1' } },
      { uuid: 'd', label: 'D', type: 'stdio', command: 'node', source: { registry: 'file:///etc', name: 'x', version: '1' } },
      { uuid: 'e', label: 'E', type: 'stdio', command: 'node', source: { registry: 'https://r.example', bundle: 'bundles/a/1', name: 'x', version: '1' } },
      { uuid: 'f', label: 'F', type: 'stdio', command: 'node', source: { bundle: ' bundles/fs/1 ', name: 'fs', version: '1' } },
      { uuid: 'g', label: 'G', type: 'stdio', command: 'node', source: 'somewhere' },
    ];
    const { config, warnings } = repairConfig({ mcp: { servers }, registryUrl: ' https://corp.example/registry ' });
    expect(config.mcp.servers.map((s) => s.source)).toEqual([servers[0]!.source, servers[1]!.source, undefined, undefined, undefined, { bundle: 'bundles/fs/1', name: 'fs', version: '1' }, undefined]);
    expect(config.mcp.servers.map((s) => s.uuid)).toEqual(['r', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(config.registryUrl).toBe('https://corp.example/registry');
    expect(warnings).toEqual([
      'Server 3: where it was installed from could not be read and was dropped (the server is kept; updates are no longer offered for it).',
      'Server 4: where it was installed from could not be read and was dropped (the server is kept; updates are no longer offered for it).',
      'Server 5: where it was installed from could not be read and was dropped (the server is kept; updates are no longer offered for it).',
      'Server 6: spaces around where it was installed from were removed.',
      'Server 7: where it was installed from could not be read and was dropped (the server is kept; updates are no longer offered for it).',
      'The registry address had spaces around it; they were removed.',
    ]);
    expect(AppConfigSchema.safeParse(config).success).toBe(true);
    const dropped = repairConfig({ registryUrl: 'javascript:alert(1)' });
    expect(dropped.config.registryUrl).toBeUndefined();
    expect(dropped.warnings).toEqual(['The registry address is not an http:// or https:// address and was dropped: the official MCP Registry applies.']);
  });
});
