import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ModelConfigError, resolveModel } from '../../../src/models/index.js';

const KEYS = { OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'ak', OPENROUTER_API_KEY: 'ork' };

function configError(run: () => unknown): ModelConfigError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ModelConfigError, `expected a ModelConfigError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected resolveModel to throw');
}

test('no model anywhere: the error says how to configure one', () => {
  const error = configError(() => resolveModel(undefined, {}, {}));
  assert.match(error.message, /No model is configured/);
  assert.match(error.message, /SKEIN_MODEL=openai:gpt-4o-mini/);
  assert.match(error.message, /OPENAI_API_KEY/);
  assert.match(error.message, /SKEIN_MODEL=compat:<model>/);
  assert.match(error.message, /SKEIN_BASE_URL/);
  assert.match(error.message, /model: provider:model` in skein\.yaml/);
  assert.match(error.message, /--model/);
});

test('a model without a provider is rejected with an example', () => {
  const error = configError(() => resolveModel('gpt-4o', {}, KEYS));
  assert.match(error.message, /"gpt-4o" names no provider/);
  assert.match(error.message, /provider:model, for example openai:gpt-4o-mini/);
  assert.match(error.message, /Known providers: openai, anthropic, openrouter, ollama, compat/);
});

test('a provider without a model is rejected', () => {
  assert.match(
    configError(() => resolveModel('openai:', {}, KEYS)).message,
    /names no model after "openai:"/,
  );
});

test('an unknown provider lists the known ones', () => {
  const error = configError(() => resolveModel('mistral:large', {}, KEYS));
  assert.match(error.message, /Unknown model provider "mistral"/);
  assert.match(error.message, /Known providers: openai, anthropic, openrouter, ollama, compat\./);
  assert.match(
    configError(() => resolveModel('toString:x', {}, KEYS)).message,
    /Unknown model provider "toString"/,
  );
});

test('a missing key names the variable to set', () => {
  assert.match(
    configError(() => resolveModel('openai:gpt-4o', {}, {})).message,
    /"openai:gpt-4o" needs OPENAI_API_KEY/,
  );
  assert.match(
    configError(() => resolveModel('anthropic:claude-sonnet-4-5', {}, {})).message,
    /needs ANTHROPIC_API_KEY/,
  );
  assert.match(configError(() => resolveModel('openrouter:x/y', {}, {})).message, /needs OPENROUTER_API_KEY/);
});

test('compat without a base URL says to set SKEIN_BASE_URL', () => {
  const error = configError(() => resolveModel('compat:qwen', {}, {}));
  assert.match(error.message, /"compat:qwen" needs the server's base URL: set SKEIN_BASE_URL/);
  assert.match(error.message, /baseUrl: in skein\.yaml/);
});

test('compat takes its URL from the config, else from SKEIN_BASE_URL', () => {
  assert.equal(
    resolveModel('compat:qwen', { baseUrl: 'http://127.0.0.1:9/v1' }, {}).model.provider,
    'compat.chat',
  );
  assert.equal(
    resolveModel('compat:qwen', {}, { SKEIN_BASE_URL: 'http://127.0.0.1:9/v1' }).id,
    'compat:qwen',
  );
});

test('ollama needs no key and no URL', () => {
  const resolved = resolveModel('ollama:llama3.2:3b', {}, {});
  assert.equal(resolved.id, 'ollama:llama3.2:3b');
  assert.equal(resolved.model.modelId, 'llama3.2:3b');
});

test('the spec passed in wins over the configured model', () => {
  const config = { model: 'openai:gpt-4o-mini' };
  assert.equal(resolveModel('anthropic:claude-haiku-4-5', config, KEYS).id, 'anthropic:claude-haiku-4-5');
  assert.equal(resolveModel(undefined, config, KEYS).id, 'openai:gpt-4o-mini');
  assert.equal(resolveModel('  ', config, KEYS).id, 'openai:gpt-4o-mini');
});

test('model ids keep their slashes and colons: the spec splits at the first colon', () => {
  const resolved = resolveModel('openrouter:meta-llama/llama-3:free', {}, KEYS);
  assert.equal(resolved.id, 'openrouter:meta-llama/llama-3:free');
  assert.equal(resolved.model.modelId, 'meta-llama/llama-3:free');
});

test('each provider builds its own kind of model', () => {
  const providers = ['openai:a', 'anthropic:b', 'openrouter:c', 'ollama:d'].map(
    (spec) => resolveModel(spec, {}, KEYS).model.provider,
  );
  assert.deepEqual(providers, ['openai.chat', 'anthropic.messages', 'openrouter', 'ollama.responses']);
});

test('a key with a character an HTTP header cannot carry is named, not left to fetch', () => {
  const pasted = configError(() => resolveModel('openai:gpt-4o-mini', {}, { OPENAI_API_KEY: '…' }));
  assert.equal(
    pasted.message,
    'OPENAI_API_KEY has "…" (U+2026) at character 1; an API key is printable ASCII only: paste the key itself.',
  );
  const compat = configError(() =>
    resolveModel('compat:m', { baseUrl: 'http://127.0.0.1:9/v1' }, { SKEIN_API_KEY: 'sk-密钥' }),
  );
  assert.match(compat.message, /^SKEIN_API_KEY has "密" \(U\+5BC6\) at character 4/);
});
