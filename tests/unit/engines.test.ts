// The engine → provider table and the limit a selection is counted against.
import { describe, expect, it } from 'vitest';
import { providerLimits } from '../../src/main/provider-limits.js';
import { requestLimit } from '../../src/renderer/lib/tool-limit.js';
import { ENGINE_PROVIDERS, PROVIDER_NAMES, providerOfEngine, type ProviderLimit } from '../../src/types/engines.js';
import { PROVIDER_IDS } from '../../src/types/providers.js';

describe('providerOfEngine', () => {
  it.each([
    ['openai', 'openai'],
    [' OpenAI ', 'openai'],
    ['azure', 'openai'],
    ['anthropic', 'anthropic'],
    ['google', 'gemini'],
    ['gemini', 'gemini'],
    ['mistralai', 'mistral'],
    ['mistral', 'mistral'],
    ['deepseek', 'deepseek'],
    ['ollama', 'ollama'],
    ['bedrock', 'bedrock'],
    ['openrouter', null],
    ['', null],
    ['__proto__', null],
    ['constructor', null],
  ])('%j → %j', (engine, provider) => {
    expect(providerOfEngine(engine)).toBe(provider);
  });

  it('maps only to known providers, and names every provider', () => {
    for (const id of Object.values(ENGINE_PROVIDERS)) expect(PROVIDER_IDS).toContain(id);
    expect(Object.keys(PROVIDER_NAMES).sort()).toEqual([...PROVIDER_IDS].sort());
  });
});

describe('requestLimit', () => {
  const limits: ProviderLimit[] = [
    { id: 'openai', name: 'OpenAI', maxTools: 128 },
    { id: 'openai-strict', name: 'OpenAI (strict mode)', maxTools: 128 },
    { id: 'deepseek', name: 'DeepSeek', maxTools: 128 },
    { id: 'gemini', name: 'Google Gemini', maxTools: 512 },
    { id: 'anthropic', name: 'Anthropic', maxTools: null },
  ];

  it("is the engine's provider's limit", () => {
    expect(requestLimit('openai', limits)).toEqual({ providers: ['OpenAI'], maxTools: 128, exact: true });
    expect(requestLimit('google', limits)).toEqual({ providers: ['Google Gemini'], maxTools: 512, exact: true });
  });

  it('is nothing for a provider without a limit or an engine not in the table', () => {
    expect(requestLimit('anthropic', limits)).toBeNull();
    expect(requestLimit('openrouter', limits)).toBeNull();
  });

  it('is the strictest limit, with one name per provider family, for selections not tied to a model', () => {
    expect(requestLimit(null, limits)).toEqual({ providers: ['OpenAI', 'DeepSeek'], maxTools: 128, exact: false });
    expect(requestLimit(null, [{ id: 'ollama', name: 'Ollama', maxTools: null }])).toBeNull();
  });

  it('main gives one limit per provider id', () => {
    expect(providerLimits().map((limit) => limit.id)).toEqual([...PROVIDER_IDS]);
  });
});
