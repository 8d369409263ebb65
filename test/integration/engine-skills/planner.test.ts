import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createLlmService } from '../../../src/host/llm-service.js';
import { compileRules, planNext, PlannerError, Session } from '../../../src/planner/index.js';
import type { RunEvent } from '../../../src/runtime/index.js';
import { CORPUS, corpusSkip } from '../../helpers/corpus.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';
import { closePython, EXAMPLE, FIXTURES, harness, loadSkills } from '../../helpers/engine-harness.js';
import { testConfig } from '../../helpers/tools.js';

after(closePython);

const skills = await loadSkills(join(FIXTURES, 'planner/.skills'));
const order = ['intake', 'file-classify', 'evidence', 'strategy', 'sync'].map((id) =>
  skills.find((s) => s.id === id)!,
);

test('the only eligible skill is chosen, and every other one says why it is not', async () => {
  const decision = await planNext({
    skills: order,
    state: { matter_id: 'm-1', profile: {} },
    context: 'matter',
  });
  assert.deepEqual(decision, {
    skill: 'intake',
    by: 'only',
    reason: 'intake is the only eligible skill',
    eligible: ['intake'],
    rejected: [
      {
        skill: 'file-classify',
        why: 'requires.any: none of state.attachment_file_ids.length > 0 | state.force_classify == true holds',
      },
      {
        skill: 'evidence',
        why: "triggers.state_conditions: state.profile.intake_status == 'completed' is false",
      },
      {
        skill: 'strategy',
        why: "triggers.state_conditions: state.profile.intake_status == 'completed' is false",
      },
      { skill: 'sync', why: 'it is internal: it runs only when named' },
    ],
  });
  const elsewhere = await planNext({ skills: order, state: { matter_id: 'm-1' }, context: 'consultation' });
  assert.equal(elsewhere.by, 'none');
  assert.equal(elsewhere.rejected[0].why, "it is for the context matter, and the session's is consultation");
  const noMatter = await planNext({ skills: order, state: {}, context: 'matter' });
  assert.equal(noMatter.rejected[0].why, 'requires.all: state.matter_id != null is false');
});

test('a priority rule wins over the other eligible skills; a rule naming a skill that cannot run is an error', async () => {
  const { rules, errors } = compileRules([
    {
      when: 'state.attachment_file_ids.length > 0 && state.files_classified != true',
      skill: 'file-classify',
      reason: '新附件到达，先做文件分类',
    },
  ]);
  assert.deepEqual(errors, []);
  const state = { matter_id: 'm-1', profile: {}, attachment_file_ids: ['f1'] };
  const decision = await planNext({ skills: order, state, context: 'matter', rules });
  assert.equal(decision.skill, 'file-classify');
  assert.equal(decision.by, 'rule');
  assert.equal(
    decision.reason,
    'rule "state.attachment_file_ids.length > 0 && state.files_classified != true" holds: 新附件到达，先做文件分类',
  );
  assert.deepEqual(decision.eligible, ['intake', 'file-classify']);
  const held = compileRules([{ when: 'state.profile.intake_status != null', skill: 'evidence' }]).rules;
  await assert.rejects(
    planNext({
      skills: order,
      state: { matter_id: 'm-1', profile: { intake_status: 'draft' } },
      context: 'matter',
      rules: held,
    }),
    new PlannerError(
      'the rule "state.profile.intake_status != null" picks evidence, which cannot run: triggers.state_conditions: state.profile.intake_status == \'completed\' is false',
    ),
  );
  const bad = [
    { when: "state.kind in ['a']", skill: 'x' },
    { when: 'has_new_attachments && !data.files.files_classified', skill: 'y' },
  ];
  assert.deepEqual(compileRules(bad).errors, [
    `rule 1 (x): "state.kind in ['a']" at 12: "in" is not supported: compare each value, e.g. state.kind == 'a' || state.kind == 'b'`,
    'rule 2 (y): "has_new_attachments && !data.files.files_classified" reads has_new_attachments, data; rules read the session state as state.<field> (e.g. state.has_new_attachments)',
  ]);
});

test('among several eligible skills, a missing goal decides, else the model chooses and says why', async (t) => {
  const state = { matter_id: 'm-1', profile: { intake_status: 'completed' } };
  await assert.rejects(
    planNext({ skills: order, state, context: 'matter' }),
    /several skills are eligible \(evidence, strategy\) and no model is configured to choose among them/,
  );
  const covered = await planNext({
    skills: order,
    state,
    context: 'matter',
    goals: ['strategies', 'profile.summary'],
  });
  assert.deepEqual(
    [covered.skill, covered.by, covered.reason],
    ['strategy', 'coverage', 'strategy is the only eligible skill that provides strategies'],
  );

  const fake = await startFakeOpenAI([
    { text: '{"skill": "delete-all", "reason": "x"}' },
    { text: '{"skill": "evidence", "reason": "证据要先分析，才能定策略。"}' },
  ]);
  t.after(() => fake.close());
  const llm = createLlmService({ ...testConfig('/tmp'), baseUrl: fake.url }, 'compat:planner');
  const chosen = await planNext({ skills: order, state, context: 'matter', llm, message: '下一步做什么？' });
  assert.deepEqual(
    [chosen.skill, chosen.by, chosen.reason],
    ['evidence', 'model', '证据要先分析，才能定策略。'],
  );
  const asked = messageText(fake.requests[0].messages.at(-1)!);
  assert.match(
    asked,
    /- evidence: Analyses the evidence once the intake is done\. \(provides evidence_analysis\)\n- strategy:/,
  );
  assert.doesNotMatch(asked, /intake:|sync:/, 'only eligible skills are offered');
  assert.match(asked, /下一步做什么？/);
  assert.match(
    messageText(fake.requests[1].messages.at(-1)!),
    /must be one of: "evidence", "strategy"/,
    'a skill outside the eligible ones is sent back',
  );
});

test('a named skill runs even if internal, but must meet its requirements; skills that ran this turn are left out', async () => {
  const forced = await planNext({
    skills: order,
    state: { matter_id: 'm-1' },
    context: 'matter',
    force: 'sync',
  });
  assert.deepEqual([forced.skill, forced.by, forced.reason], ['sync', 'force', 'sync was named explicitly']);
  await assert.rejects(
    planNext({ skills: order, state: {}, context: 'matter', force: 'intake' }),
    /the forced skill "intake" cannot run: requires.all: state.matter_id != null is false/,
  );
  const next = await planNext({
    skills: order,
    state: { matter_id: 'm-1', profile: {} },
    context: 'matter',
    exclude: ['intake'],
  });
  assert.equal(next.by, 'none');
  assert.deepEqual(next.rejected[0], { skill: 'intake', why: 'it already ran this turn' });
});

test(
  'a session runs intake, then plans cause-recommendation in the same turn, as the one-shot scenario does; the answer finishes it',
  { skip: corpusSkip },
  async (t) => {
    const example = await loadSkills(join(EXAMPLE, '.skills'));
    const complete = {
      response: '收到，案情和双方身份证号都齐了。',
      profile: {
        summary: '张三诉李四民间借贷纠纷。',
        plaintiff: { name: '张三', id_number: '110101199001011234' },
        defendant: { name: '李四', id_number: '110101199002022345' },
        intake_status: 'completed',
      },
      data: {},
      control: { action: 'continue' },
    };
    const select = {
      response: '建议案由：民间借贷纠纷，请确认。',
      profile: {},
      data: {},
      control: {
        action: 'ask_user',
        review_type: 'select',
        questions: [
          {
            question: '请选择案由',
            field_key: 'profile.cause_of_action_code',
            input_type: 'select',
            required: true,
            options: [{ label: '民间借贷纠纷', value: 'civil_lending' }],
          },
        ],
      },
    };
    const confirmed = {
      response: '案由已确认。',
      profile: { cause_of_action_name: '民间借贷纠纷', decisions: { cause_confirmed: true } },
      data: {},
      control: { action: 'finish' },
    };
    const h = await harness([
      { text: '收到，', toolCalls: [{ name: 'file__parse', arguments: { file_id: 'iou' } }] },
      { text: JSON.stringify(complete) },
      { toolCalls: [{ name: 'knowledge__search', arguments: { query: '民间借贷 案由' } }] },
      { text: JSON.stringify(select) },
      { text: JSON.stringify(confirmed) },
    ]);
    t.after(() => h.close());
    const events: RunEvent[] = [];
    const session = new Session(
      { runtime: h.runtime, skills: example, context: 'matter', onEvent: (e) => events.push(e) },
      { matter_id: 'm-1', attachment_file_ids: ['iou'], profile: {} },
    );

    const turn = await session.send(
      '原告张三，身份证号110101199001011234；被告李四，身份证号110101199002022345。借款10万元到期未还。',
    );
    assert.equal(turn.status, 'awaiting', JSON.stringify(turn.error));
    assert.deepEqual(
      turn.decisions.map((d) => [d.skill, d.by]),
      [
        ['loan-intake', 'only'],
        ['cause-recommendation', 'only'],
      ],
    );
    assert.deepEqual(turn.responses, [
      '收到，案情和双方身份证号都齐了。',
      '建议案由：民间借贷纠纷，请确认。',
    ]);
    assert.equal(
      session.state.profile && (session.state.profile as { intake_status: string }).intake_status,
      'completed',
    );

    const names = events.flatMap((e) =>
      e.type === 'node_started' && e.kind === 'agent'
        ? [`skill_start:${e.node}`]
        : e.type === 'tool_started'
          ? ['tool_start']
          : e.type === 'tool_finished'
            ? ['tool_end']
            : e.type === 'awaiting'
              ? ['card']
              : e.type === 'llm_delta'
                ? ['delta']
                : [],
    );
    const collapsed = names.filter((n, i) => n !== names[i - 1]);
    const corpus = (
      parse(
        readFileSync(join(CORPUS, 'ai-engine/e2e_scenarios/civil_prosecution_paths_one_shot.yaml'), 'utf8'),
      ) as {
        interactions: {
          ai_response: { sse_events: { event: string; expect?: { skill_id?: string; reason?: string } }[] };
        }[];
      }
    ).interactions[0].ai_response.sse_events;
    const wanted = corpus
      .filter((e) => e.event !== 'end')
      .map((e) =>
        e.event === 'skill_start'
          ? `skill_start:${e.expect!.skill_id!.replace('litigation-intake', 'loan-intake')}`
          : e.event,
      );
    assert.deepEqual(wanted, [
      'skill_start:loan-intake',
      'delta',
      'tool_start',
      'tool_end',
      'skill_start:cause-recommendation',
      'tool_start',
      'tool_end',
      'card',
    ]);
    let i = 0;
    for (const name of collapsed) if (name === wanted[i]) i++;
    assert.equal(i, wanted.length, `${wanted.join(' → ')} in order within ${collapsed.join(' → ')}`);
    assert.equal(corpus.at(-1)!.expect!.reason, 'card');

    await assert.rejects(session.send('again'), /waits for answers to the card of cause-recommendation/);
    const answered = await session.answer({ 'profile.cause_of_action_code': 'civil_lending' });
    assert.equal(answered.status, 'answered', JSON.stringify(answered.error));
    assert.deepEqual(answered.responses, ['案由已确认。']);
    assert.deepEqual(answered.decisions, [], 'finish ends the turn without planning');
    assert.deepEqual(session.state.profile, {
      summary: '张三诉李四民间借贷纠纷。',
      plaintiff: { name: '张三', id_number: '110101199001011234' },
      defendant: { name: '李四', id_number: '110101199002022345' },
      intake_status: 'completed',
      cause_of_action_code: 'civil_lending',
      cause_of_action_name: '民间借贷纠纷',
      decisions: { cause_confirmed: true },
    });
  },
);
