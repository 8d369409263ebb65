// The model of the eval benchmark, in a process of its own so its CPU is not counted as the peers':
// a local chat-completions server that answers every request after `SKEIN_BENCH_MODEL_MS` (default
// 200 ms) with a translation that passes the cases' check. Prints `serving <url>`.
import { startFakeOpenAI } from '../../src/skill-tests/fake-openai.js';

const delayMs = Number(process.env.SKEIN_BENCH_MODEL_MS ?? 200);
const server = await startFakeOpenAI(() => ({ text: 'Bonjour', delayMs }));
console.log(`serving ${server.url}`);
