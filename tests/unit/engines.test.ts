// The engine → provider table and the limit a selection is counted against.
import { describe, expect, it } from 'vitest';
import { requestLimit } from '../../src/renderer/lib/tool-limit.js';
import { ENGINE_PROVIDERS, providerOfEngine } from '../../src/types/engines.js';
import { PROVIDER_IDS, PROVIDER_LIMITS } from '../../src/types/providers.js';

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

  it('maps only to known providers', () => {
    for (const id of Object.values(ENGINE_PROVIDERS)) expect(PROVIDER_IDS).toContain(id);
  });
});

describe('requestLimit', () => {
  it("is the engine's provider's limit, from the adapters' PROVIDER_LIMITS", () => {
    expect(requestLimit('openai')).toEqual({ providers: [PROVIDER_LIMITS.openai.label], maxTools: 128, exact: true });
    expect(requestLimit('deepseek')).toEqual({ providers: ['DeepSeek'], maxTools: PROVIDER_LIMITS.deepseek.maxTools, exact: true });
    expect(requestLimit('google')).toEqual({ providers: ['Google Gemini'], maxTools: PROVIDER_LIMITS.gemini.maxTools, exact: true });
  });

  it('is nothing for a provider without a limit or an engine not in the table', () => {
    expect(PROVIDER_LIMITS.anthropic.maxTools).toBeNull();
    expect(requestLimit('anthropic')).toBeNull();
    expect(requestLimit('openrouter')).toBeNull();
  });

  it('is the strictest limit, with one name per provider family, for selections not tied to a model', () => {
    const limits = { ...PROVIDER_LIMITS, gemini: { label: 'Google Gemini', maxTools: 512 }, mistral: { label: 'Mistral', maxTools: 128 } };
    expect(requestLimit(null, limits)).toEqual({ providers: ['OpenAI', 'Mistral', 'DeepSeek'], maxTools: 128, exact: false });
    const none = Object.fromEntries(PROVIDER_IDS.map((id) => [id, { label: id, maxTools: null }])) as unknown as typeof PROVIDER_LIMITS;
    expect(requestLimit(null, none)).toBeNull();
  });
});
