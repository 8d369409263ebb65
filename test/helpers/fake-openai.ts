// The local chat-completions server lives in src/skill-tests (`skein test` serves scripted replies with it).
export * from '../../src/skill-tests/fake-openai.js';
