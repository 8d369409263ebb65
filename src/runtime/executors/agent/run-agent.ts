import type { ErrorCode } from '../../../errors/index.js';
import type { AgentNode } from '../../../ir/nodes.js';
import { checkAnswer, checkValue, type ContractAnswer } from './answer-json.js';
import { cardRequest } from './card.js';
import { offeredTools } from './offered-tools.js';
import { pausedCard } from './paused-card.js';
import { readPreprocessed, type Preprocessed } from './preprocess.js';
import { answersTurn, retryTurn, withContract } from './prompts.js';
import { ResponseStream } from './response-stream.js';
import { runScript } from './scripts.js';
import {
  applyDelta,
  isRecord,
  mergeDeltas,
  sessionState,
  setInDelta,
  type State,
  type StateDelta,
} from './state.js';
import { readVerdict } from './verdict.js';
import { RunFailure } from '../../errors.js';
import type { LlmTurn } from '../../ports/llm.js';
import type { Executor, NodeRun } from '../executor.js';
import { llmCallEvent } from '../llm-call-event.js';

/** How much of a rejected answer its event keeps. */
const MAX_ANSWER_SHOWN = 2000;

/**
 * Runs an agent: the model, offered only the node's tools, answers in the four-part contract; an
 * answer that breaks it, or that the validate script sends back, goes back to the model with what is
 * wrong, within `repairAttempts`, then the run fails (nothing is repaired silently). `ask_user` pauses
 * with a card; the answers are written at their `field_key`s and the agent runs again on that state.
 */
export const runAgent: Executor<AgentNode> = async (run) => {
  const { node, signal, services, runId, emit } = run;
  const llm = services.llm;
  if (!llm?.callTools)
    throw new RunFailure(
      'model_not_configured',
      `step "${node.id}" needs a model that can call tools, and none is configured`,
      node.id,
    );
  const ctx = { node: node.id, runId, signal, services };
  const start = await firstTurn(run);
  const base = start.state;
  let carried = start.carried;
  let state = applyDelta(base, carried);
  const conversation = start.conversation;
  let ready = start.answer;

  const tools = offeredTools(node.tools, { ...ctx, emit });
  const stream = new ResponseStream((text) => emit({ type: 'llm_delta', node: node.id, text }));
  let retries = 0;
  const sendBack = (code: ErrorCode, problems: string[], prompts: (string | undefined)[], answer: string) => {
    emit({
      type: 'answer_rejected',
      node: node.id,
      code,
      problems,
      answer: answer.length > MAX_ANSWER_SHOWN ? `${answer.slice(0, MAX_ANSWER_SHOWN)}…` : answer,
      attempt: retries + 1,
      willRetry: retries < node.repairAttempts,
    });
    if (retries >= node.repairAttempts)
      throw new RunFailure(
        code,
        `step "${node.id}": the answer was rejected ${retries + 1} time${retries ? 's' : ''} (${node.repairAttempts} retr${node.repairAttempts === 1 ? 'y' : 'ies'} allowed); last problems: ${problems.join('; ')}`,
        node.id,
      );
    retries++;
    conversation.push({ role: 'user', content: retryTurn(problems, [...prompts, node.retryPrompt]) });
  };

  for (;;) {
    let answer: ContractAnswer;
    if (ready) {
      answer = ready;
      ready = undefined;
      conversation.push({ role: 'assistant', content: JSON.stringify(answer) });
    } else {
      const system = withContract(
        node.system.render(node.turnKey ? { ...state, [node.turnKey]: start.message } : state),
        node.contract,
      );
      stream.reset();
      const startedAt = performance.now();
      const reply = await llm.callTools({
        model: node.model ?? run.skillModel,
        system,
        messages: conversation,
        tools,
        maxSteps: node.maxSteps,
        temperature: node.temperature,
        signal,
        onDelta: (text) => stream.push(text),
        onToolCall: () => stream.reset(),
        onRefused: (call) => {
          stream.reset();
          emit({
            type: 'tool_refused',
            node: node.id,
            tool: call.name,
            input: call.input,
            reason: call.reason,
          });
        },
      });
      const sent = services.recordContent ? { system, prompt: lastUserText(conversation) } : undefined;
      emit(llmCallEvent(node.id, reply, startedAt, sent));
      conversation.push(...reply.messages);
      const checked = checkAnswer(reply.text, node.contract);
      if (!checked.ok) {
        sendBack('contract_invalid', checked.problems, [], reply.text);
        continue;
      }
      answer = checked.value;
    }
    if (answer.control.action === 'retry') {
      sendBack(
        'retry_exhausted',
        ['your answer asked for a retry (control.action is "retry")'],
        [answer.control.retry_prompt],
        JSON.stringify(answer),
      );
      continue;
    }
    if (node.validate) {
      const verdict = readVerdict(
        await runScript('validate', node.validate, { output: answer, state }, ctx),
        node.id,
      );
      if (verdict.action === 'retry') {
        sendBack('validation_failed', verdict.problems, [verdict.retryPrompt], JSON.stringify(answer));
        continue;
      }
      if (verdict.action === 'ask_user') {
        const control = {
          action: 'ask_user',
          review_type: verdict.reviewType ?? answer.control.review_type ?? 'clarify',
          questions: verdict.questions ?? answer.control.questions,
        };
        const asked = checkValue(
          { ...answer, response: verdict.response ?? answer.response, control },
          node.contract,
        );
        if (!asked.ok)
          throw new RunFailure(
            'validate_invalid',
            `the validate script of step "${node.id}" asked with a card that breaks the contract: ${asked.problems.join('; ')}`,
            node.id,
          );
        answer = asked.value;
      }
    }
    if (node.postprocess) {
      const post = await runScript('postprocess', node.postprocess, { output: answer, state }, ctx);
      const checked = checkValue(post ?? answer, node.contract);
      if (!checked.ok)
        throw new RunFailure(
          'postprocess_invalid',
          `the postprocess script of step "${node.id}" returned an answer that breaks the contract: ${checked.problems.join('; ')}`,
          node.id,
        );
      answer = checked.value;
    }
    const control = answer.control;
    if (control.action === 'ask_user' && !control.questions?.length) {
      sendBack(
        'contract_invalid',
        ['control.questions: ask_user needs at least one question'],
        [],
        JSON.stringify(answer),
      );
      continue;
    }
    carried = mergeDeltas(carried, { profile: answer.profile, data: answer.data });
    state = applyDelta(base, carried);
    if (control.action === 'ask_user')
      return {
        await: cardRequest(node.id, answer.response, {
          skill: node.id,
          review_type: control.review_type ?? 'clarify',
          questions: control.questions!,
          pending: carried,
        }),
      };
    return { value: { response: answer.response, state, control } };
  }
};

/** Where a run of the agent starts: a fresh turn (after preprocess), or the turn after a person answered its card. */
interface FirstTurn {
  state: State;
  message: string;
  carried: StateDelta;
  conversation: LlmTurn[];
  answer?: ContractAnswer;
}

async function firstTurn(run: NodeRun<AgentNode>): Promise<FirstTurn> {
  const { node, scope, resume, services, runId, signal } = run;
  let start: Preprocessed = { state: sessionState(scope, node.turnKey), message: node.prompt.render(scope) };
  if (resume !== undefined) {
    const paused = await pausedCard(services.store, runId, node.id);
    if (!paused)
      throw new RunFailure(
        'resume_lost',
        `step "${node.id}" was resumed, but the card it showed is not in the run's events`,
        node.id,
      );
    const answers = isRecord(resume) ? resume : {};
    let carried = paused.card.pending;
    for (const q of paused.card.questions)
      if (Object.hasOwn(answers, q.field_key))
        carried = setInDelta(carried, q.field_key, answers[q.field_key]);
    const asked = {
      response: paused.response,
      ...paused.card.pending,
      control: { action: 'ask_user', review_type: paused.card.review_type, questions: paused.card.questions },
    };
    const conversation: LlmTurn[] = [
      { role: 'user', content: start.message },
      { role: 'assistant', content: JSON.stringify(asked) },
      { role: 'user', content: answersTurn(answers) },
    ];
    return { ...start, carried, conversation };
  }
  if (node.preprocess) {
    const value = await runScript(
      'preprocess',
      node.preprocess,
      { state: start.state, message: start.message },
      { node: node.id, runId, signal, services },
    );
    start = readPreprocessed(value, start, node.contract, node.id);
  }
  return {
    state: start.state,
    message: start.message,
    carried: { profile: {}, data: {} },
    conversation: [{ role: 'user', content: start.message }],
    answer: start.answer,
  };
}

/** The text of the conversation's last user turn: what the model was asked this time. */
function lastUserText(conversation: readonly LlmTurn[]): string {
  for (let i = conversation.length - 1; i >= 0; i--) {
    const turn = conversation[i];
    if (turn.role === 'user') return turn.content;
  }
  return '';
}
