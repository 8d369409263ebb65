// The host's model service (src/host/llm-service.ts over the AI SDK's providers) against the model
// service's conformance suite, through the real provider code to a local chat-completions server.
import { loadConfig } from '../../../src/config/load-config.js';
import { createLlmService } from '../../../src/host/llm-service.js';
import { runLlmServiceSuite } from '../../../src/runtime/ports/conformance/index.js';
import { startFakeOpenAI, type FakeReply } from '../../helpers/fake-openai.js';

const config = (env: Record<string, string>) =>
  loadConfig('/nonexistent', { SKEIN_HOME: '/nonexistent', ...env });

runLlmServiceSuite(
  async (answers) => {
    const replies: FakeReply[] = answers.map((a) =>
      'text' in a
        ? { text: a.text }
        : { toolCalls: [{ name: a.toolCall.name, arguments: a.toolCall.input }] },
    );
    const fake = await startFakeOpenAI(replies);
    const llm = createLlmService(config({ SKEIN_MODEL: 'compat:fake-model', SKEIN_BASE_URL: fake.url }));
    return { llm, close: () => fake.close() };
  },
  { name: 'AI SDK', unconfigured: () => createLlmService(config({ SKEIN_MODEL: '' })) },
);
