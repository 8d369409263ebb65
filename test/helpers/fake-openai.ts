// The local chat-completions server lives in src/testing (`skein test` serves scripted replies with it).
export * from '../../src/testing/fake-openai.js';
