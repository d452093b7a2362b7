// What a request's tools cost (providers/tokens.ts): OpenAI's published formula reproduces the
// prompt tokens OpenAI's API reported for the Cookbook's example; the other providers' estimate is
// the o200k count of the definition's JSON; a list's total follows its entries through selections.
import { describe, expect, it } from 'vitest';
import { adaptTool, adaptTools, countTokens, definitionTokens, listTokens, selectProviderTools, type SourceTool } from '../../src/main/providers/index.js';
import { textTokens } from '../../src/main/providers/tokens.js';
import { PROVIDER_IDS, TOKEN_ESTIMATES } from '../../src/types/providers.js';

// The example of OpenAI's Cookbook, "How to count tokens with tiktoken", section 7: with these
// two messages and this tool, OpenAI's API counted 101 prompt tokens for gpt-4o and gpt-4o-mini.
const WEATHER = {
  type: 'function',
  function: {
    name: 'get_current_weather',
    description: 'Get the current weather in a given location',
    parameters: {
      type: 'object',
      properties: {
        location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' },
        unit: { type: 'string', description: 'The unit of temperature to return', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['location'],
    },
  },
};
const MESSAGES = [
  { role: 'system', content: 'You are a helpful assistant that can answer to questions about the weather.' },
  { role: 'user', content: "What's the weather like in San Francisco?" },
];
/** The Cookbook's count of the messages: 3 per message, its role and content, 3 to prime the reply. */
const messageTokens = MESSAGES.reduce((sum, message) => sum + 3 + textTokens(message.role) + textTokens(message.content), 0) + 3;

const source = (name: string, inputSchema: Record<string, unknown>, description = 'Does a thing.'): SourceTool => ({
  name,
  original: name,
  server: { uuid: 's', label: 'S' },
  description,
  inputSchema,
});

describe('token counts of tool definitions', () => {
  it("OpenAI: the Cookbook's example comes to the 101 prompt tokens OpenAI's API counted", () => {
    expect(messageTokens + listTokens('openai', [definitionTokens('openai', WEATHER)])).toBe(101);
  });

  it('OpenAI: each property, enum value and nested property adds to the count; 12 per list, not per tool', () => {
    const flat = adaptTool('openai', source('a', { type: 'object', properties: { path: { type: 'string' } } })).definition;
    const more = adaptTool('openai', source('a', { type: 'object', properties: { path: { type: 'string' }, mode: { type: 'string', enum: ['r', 'w'] } } })).definition;
    const nested = adaptTool('openai', source('a', { type: 'object', properties: { path: { type: 'string' }, options: { type: 'object', properties: { depth: { type: 'integer', description: 'How deep.' } } } } })).definition;
    expect(definitionTokens('openai', more)).toBeGreaterThan(definitionTokens('openai', flat));
    expect(definitionTokens('openai', nested)).toBeGreaterThan(definitionTokens('openai', flat) + 3);
    const one = definitionTokens('openai', flat);
    expect(listTokens('openai', [one, one])).toBe(2 * one + 12);
    expect(listTokens('openai', [])).toBe(0);
  });

  it('the other providers: an estimate, the o200k count of the definition as JSON, with no list overhead', () => {
    const tool = source('read_file', { type: 'object', properties: { path: { type: 'string', description: 'The file.' } }, required: ['path'] });
    for (const provider of ['anthropic', 'gemini', 'bedrock', 'mistral', 'deepseek', 'ollama'] as const) {
      const { definition } = adaptTool(provider, tool);
      expect(definitionTokens(provider, definition), provider).toBe(textTokens(JSON.stringify(definition)));
      expect(listTokens(provider, [5, 7])).toBe(12);
      expect(TOKEN_ESTIMATES[provider].counted).toBe(false);
    }
    expect(TOKEN_ESTIMATES.openai.counted).toBe(true);
  });

  it('a list counts each sent entry, 0 for an unsendable one; a selection sums its own entries again', () => {
    const tools = [
      source('alpha', { type: 'object', properties: { a: { type: 'string' } } }, 'First tool.'),
      source('beta', { type: 'object', properties: { b: { type: 'number', description: 'A long description of the one argument it takes.' } } }, 'Second tool, described at more length.'),
      source('9bad', { type: 'object' }),
    ];
    for (const provider of PROVIDER_IDS) {
      const counted = countTokens(adaptTools(provider, tools));
      const [alpha, beta, bad] = counted.report;
      expect(bad!.status).toBe('unsendable');
      expect(bad!.tokens).toBe(0);
      expect(alpha!.tokens).toBeGreaterThan(0);
      expect(counted.tokens).toBe(listTokens(provider, [alpha!.tokens!, beta!.tokens!]));
      const picked = selectProviderTools(counted, ['beta']);
      expect(picked.tokens, provider).toBe(listTokens(provider, [beta!.tokens!]));
      expect(selectProviderTools(counted, []).tokens).toBe(0);
    }
  });
});
