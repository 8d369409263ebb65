import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LlmService } from '../llm.js';
import type { SuiteOptions } from './fixtures.js';

/** One answer of the scripted model behind the service: text, or a call of a tool (then text follows in a later answer). */
export type ScriptedAnswer =
  { text: string } | { toolCall: { name: string; input: Record<string, unknown> } };

/** A model service over a model that gives `answers` in order; `close` stops what the test started. */
export interface LlmUnderTest {
  llm: LlmService;
  close?(): Promise<void>;
}

const signal = () => new AbortController().signal;

/**
 * The model service's conformance suite (the LlmService port, src/runtime/ports/llm.ts): an answer
 * with the model's name; JSON checked against a schema and repaired by asking again; tools offered to
 * the model called with its input, a tool not offered refused and reported, never run; an aborted call
 * rejects; and, with `unconfigured`, `check` refuses a service without a model as
 * `model_not_configured`. ARCHITECTURE.md, Ports and their suites.
 */
export function runLlmServiceSuite(
  open: (answers: ScriptedAnswer[]) => Promise<LlmUnderTest>,
  options: SuiteOptions & { unconfigured?: () => LlmService },
): void {
  describe(`${options.name} model service`, { skip: options.skip || undefined }, () => {
    const withService = async (answers: ScriptedAnswer[], use: (llm: LlmService) => Promise<void>) => {
      const { llm, close } = await open(answers);
      try {
        await use(llm);
      } finally {
        await close?.();
      }
    };

    test('an answer comes back with the model that gave it', () =>
      withService([{ text: 'Bonjour' }], async (llm) => {
        const answer = await llm.complete({ prompt: 'Say hello in French.', signal: signal() });
        assert.equal(answer.text, 'Bonjour');
        assert.ok(answer.model.length > 0);
      }));

    test('an answer that breaks the schema is asked for again, and the repaired value comes back', () =>
      withService([{ text: '{"n": "three"}' }, { text: '{"n": 3}' }], async (llm) => {
        const answer = await llm.completeJson({
          prompt: 'A number, as JSON.',
          signal: signal(),
          schema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
          repairAttempts: 2,
        });
        assert.deepEqual(answer.value, { n: 3 });
      }));

    test('an offered tool is called with the model’s input; a tool not offered is refused, not run', () =>
      withService(
        [
          { toolCall: { name: 'add', input: { a: 1, b: 2 } } },
          { toolCall: { name: 'delete_everything', input: {} } },
          { text: 'It is 3.' },
        ],
        async (llm) => {
          assert.ok(llm.callTools, 'the service can offer tools');
          const ran: unknown[] = [];
          const refused: string[] = [];
          const answer = await llm.callTools({
            messages: [{ role: 'user', content: 'Add 1 and 2.' }],
            tools: [
              {
                name: 'add',
                description: 'adds two numbers',
                inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
                execute: async (input) => (ran.push(input), { sum: 3 }),
              },
            ],
            signal: signal(),
            onRefused: (call) => refused.push(call.name),
          });
          assert.deepEqual(ran, [{ a: 1, b: 2 }]);
          assert.deepEqual(refused, ['delete_everything']);
          assert.equal(answer.text, 'It is 3.');
        },
      ));

    test('an aborted call rejects', () =>
      withService([{ text: 'never read' }], async (llm) => {
        const abort = new AbortController();
        abort.abort();
        await assert.rejects(llm.complete({ prompt: 'Hello?', signal: abort.signal }));
      }));

    test(
      'check refuses a service without a model, as model_not_configured',
      {
        skip: options.unconfigured ? undefined : 'the implementation gives no unconfigured service',
      },
      async () => {
        await assert.rejects(
          Promise.resolve().then(() => options.unconfigured!().check()),
          (e) => {
            assert.equal((e as { code?: string }).code, 'model_not_configured', String(e));
            return true;
          },
        );
      },
    );
  });
}
