import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { RunEvent } from '../../../src/runtime/index.js';
import { CORPUS, corpusSkip } from '../../helpers/corpus.js';
import { closePython, EXAMPLE, harness, loadSkills } from '../../helpers/engine-harness.js';

after(closePython);

/** The corpus scenarios' event names for the runtime's events (others have no counterpart there). */
const CORPUS_NAME: Readonly<Record<string, string>> = {
  node_started: 'skill_start',
  llm_delta: 'delta',
  tool_started: 'tool_start',
  tool_finished: 'tool_end',
  awaiting: 'card',
  completed: 'end',
  failed: 'end',
};

/** The run's events in the scenarios' vocabulary (a skill starts with its agent node), repeats collapsed. */
function asScenario(events: readonly RunEvent[]): string[] {
  const names = events.flatMap((e) =>
    CORPUS_NAME[e.type] && (e.type !== 'node_started' || e.kind === 'agent') ? [CORPUS_NAME[e.type]] : [],
  );
  return names.filter((n, i) => n !== names[i - 1]);
}

/** Whether `wanted` occurs in `seen` in order. */
function inOrder(wanted: readonly string[], seen: readonly string[]): boolean {
  let i = 0;
  for (const name of seen) if (name === wanted[i]) i++;
  return i === wanted.length;
}

interface ScenarioRound {
  ai_response: { sse_events: { event: string; expect?: { reason?: string; review_type?: string } }[] };
}

function scenario(file: string, round: number): ScenarioRound['ai_response']['sse_events'] {
  const doc = parse(readFileSync(join(CORPUS, 'ai-engine/e2e_scenarios', file), 'utf8')) as {
    interactions: ScenarioRound[];
  };
  return doc.interactions[round].ai_response.sse_events;
}

const input = {
  message: '我是张三，2023年1月1日借给李四10万元，到期未还。材料都上传了。',
  matter_id: 'm-1',
  attachment_file_ids: ['iou', 'transfer'],
  profile: {},
};

const asking = {
  response: '收到，借条和转账记录都已读取。请补充双方的身份证号。',
  profile: {
    summary: '张三诉李四民间借贷纠纷，借款10万元到期未还。',
    plaintiff: { name: '张三' },
    defendant: { name: '李四' },
    intake_status: 'in_progress',
  },
  data: { evidence_list: [{ name: '借条', type: 'iou', file_id: 'iou' }] },
  control: {
    action: 'ask_user',
    review_type: 'clarify',
    questions: [
      {
        question: '请补充原告张三的身份证号',
        field_key: 'profile.plaintiff.id_number',
        input_type: 'text',
        required: true,
      },
      {
        question: '请补充被告李四的身份证号',
        field_key: 'profile.defendant.id_number',
        input_type: 'text',
        required: true,
      },
    ],
  },
};

test(
  'loan-intake follows the progressive scenario: skill_start, delta, tool_start/tool_end, card, then resumes to the end',
  { skip: corpusSkip },
  async (t) => {
    const [skill] = (await loadSkills(join(EXAMPLE, '.skills'))).filter((s) => s.id === 'loan-intake');
    const h = await harness([
      {
        text: '收到，我先读取材料。',
        toolCalls: [
          { name: 'file__parse', arguments: { file_id: 'iou' } },
          { name: 'file__parse', arguments: { file_id: 'transfer' } },
        ],
      },
      { toolCalls: [{ name: 'knowledge__search', arguments: { query: '逾期利息' } }] },
      { text: JSON.stringify(asking) },
      {
        text: JSON.stringify({
          response: '身份证号已补充，收案完成。',
          profile: { intake_status: 'completed' },
          data: {},
          control: { action: 'continue' },
        }),
      },
    ]);
    t.after(() => h.close());
    const first = await h.runtime.start(skill, input, { onEvent: (e) => h.events.push(e) });
    assert.equal(first.status, 'awaiting', JSON.stringify(first.error));

    const expected = scenario('civil_prosecution_paths_progressive.yaml', 0);
    const names = expected.map((e) => e.event);
    assert.deepEqual(names, ['skill_start', 'delta', 'tool_start', 'tool_end', 'card', 'end']);
    assert.equal(expected.at(-1)!.expect?.reason, 'card', 'the scenario ends the round on the card');
    const seen = asScenario(h.events);
    assert.deepEqual(seen, [
      'skill_start',
      'delta',
      'tool_start',
      'tool_end',
      'tool_start',
      'tool_end',
      'delta',
      'card',
    ]);
    assert.ok(inOrder(names.slice(0, -1), seen), `${names.join(' → ')} in ${seen.join(' → ')}`);
    assert.equal(
      h.events.find((e) => e.type === 'node_started')?.type === 'node_started' &&
        h.events.find((e) => e.type === 'node_started')!.node,
      'loan-intake',
    );
    assert.equal(
      h.events
        .filter((e) => e.type === 'llm_delta')
        .map((e) => (e.type === 'llm_delta' ? e.text : ''))
        .join(''),
      '收到，我先读取材料。收到，借条和转账记录都已读取。请补充双方的身份证号。',
    );
    assert.equal(first.await?.card && (first.await.card as { review_type: string }).review_type, 'clarify');

    h.events.length = 0;
    const second = await h.runtime.resume(
      first.runId,
      {
        'profile.plaintiff.id_number': '110101199001011234',
        'profile.defendant.id_number': '110101199002022345',
      },
      { onEvent: (e) => h.events.push(e) },
    );
    assert.equal(second.status, 'completed', JSON.stringify(second.error));
    assert.deepEqual(asScenario(h.events), ['skill_start', 'delta', 'end']);
    assert.deepEqual(second.output, {
      response: '身份证号已补充，收案完成。',
      state: {
        matter_id: 'm-1',
        attachment_file_ids: ['iou', 'transfer'],
        profile: {
          summary: '张三诉李四民间借贷纠纷，借款10万元到期未还。',
          plaintiff: { name: '张三', id_number: '110101199001011234' },
          defendant: { name: '李四', id_number: '110101199002022345' },
          intake_status: 'completed',
        },
        evidence_list: [{ name: '借条', type: 'iou', file_id: 'iou' }],
      },
    });
  },
);

test('the Python validate script asks for an ID number the model left out, and sends a made-up one back', async (t) => {
  const [skill] = (await loadSkills(join(EXAMPLE, '.skills'))).filter((s) => s.id === 'loan-intake');
  const complete = (plaintiffId: string) =>
    JSON.stringify({
      response: '收案完成。',
      profile: {
        plaintiff: { name: '张三', id_number: plaintiffId },
        defendant: { name: '李四' },
        intake_status: 'completed',
      },
      data: {},
      control: { action: 'continue' },
    });
  const h = await harness([{ text: complete('1234') }, { text: complete('110101199001011234') }]);
  t.after(() => h.close());
  const result = await h.runtime.start(skill, { message: '收案', matter_id: 'm-1' });
  assert.equal(result.status, 'awaiting', JSON.stringify(result.error));
  const retry = h.fake.requests[1].messages.at(-1)!;
  assert.equal(
    retry.content,
    'Your answer cannot be used:\n- profile.plaintiff.id_number: 原告身份证号 1234 不是 18 位\n只写材料或用户给出的身份证号；没有就补问，不要编造。\nAnswer again with the whole JSON object (response, profile, data, control).',
  );
  assert.equal(result.await?.message, '收案信息基本齐全，但起诉状需要当事人的身份证号，请补充。');
  assert.deepEqual(Object.keys(result.await!.inputSchema.properties!), ['profile.defendant.id_number']);
});
