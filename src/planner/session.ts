import type { Skill } from '../ir/skill.js';
import type {
  RunListener,
  AwaitRequest,
  RunError,
  RunEvent,
  RunResult,
  Runtime,
  LlmService,
} from '../runtime/index.js';
import { planNext, type Decision } from './plan.js';
import type { PriorityRule } from './rules.js';

export interface SessionOptions {
  runtime: Runtime;
  /** The skills the planner chooses from, in order of preference. */
  skills: readonly Skill[];
  context?: string;
  rules?: readonly PriorityRule[];
  goals?: readonly string[];
  /** Chooses among several eligible skills; without it, several eligible skills are an error. */
  llm?: LlmService;
  model?: string;
  /** Skills run at most per turn (a skill runs at most once per turn). Default 4. */
  maxSkillsPerTurn?: number;
  onEvent?: RunListener;
  signal?: AbortSignal;
}

/** How a turn ended: answered, waiting for the person's answers to a card, or failed. */
export interface TurnResult {
  status: 'answered' | 'awaiting' | 'failed';
  /** The responses of the skills that ran, in order. */
  responses: string[];
  /** Each planning decision of the turn, with its reason. */
  decisions: Decision[];
  runs: RunResult[];
  await?: AwaitRequest;
  error?: RunError;
}

/**
 * A conversation over skills that share one state (`profile` plus top-level data). Each turn the planner
 * picks an eligible skill and runs it; its output state becomes the session's; skills keep being
 * planned until one asks the person (a card), one says `finish`, or none is left to run.
 */
export class Session {
  private pending: { runId: string; skill: string } | undefined;
  /** The user's last message: the skills planned after a card is answered see it too. */
  private message = '';

  constructor(
    private readonly options: SessionOptions,
    /** The session state; replaced after every skill that completes. */
    public state: Record<string, unknown> = {},
  ) {}

  /** Whether the session waits for answers to a card. */
  get awaiting(): boolean {
    return this.pending !== undefined;
  }

  /** The user's turn: plans and runs skills until a card, a `finish`, or nothing left to run. */
  async send(message: string): Promise<TurnResult> {
    if (this.pending)
      throw new Error(
        `the session waits for answers to the card of ${this.pending.skill}; call answer() first`,
      );
    this.message = message;
    return this.continueTurn(message, this.emptyTurn(), []);
  }

  /** Answers the pending card (keyed by the questions' `field_key`s) and goes on with the turn. */
  async answer(answers: Record<string, unknown>): Promise<TurnResult> {
    const pending = this.pending;
    if (!pending) throw new Error('the session has no card waiting for answers');
    this.pending = undefined;
    const turn = this.emptyTurn();
    const action = this.actionListener();
    const result = await this.options.runtime.resume(pending.runId, answers, {
      onEvent: action.listen,
      signal: this.options.signal,
    });
    const stop = this.takeResult(result, pending.skill, turn, action.last());
    return stop ?? this.continueTurn(this.message, turn, [pending.skill]);
  }

  private async continueTurn(message: string, turn: TurnResult, ran: string[]): Promise<TurnResult> {
    const o = this.options;
    const max = o.maxSkillsPerTurn ?? 4;
    while (ran.length < max) {
      const decision = await planNext({
        skills: o.skills,
        state: this.state,
        context: o.context,
        rules: o.rules,
        goals: o.goals,
        exclude: ran,
        message,
        llm: o.llm,
        model: o.model,
        signal: o.signal,
      });
      turn.decisions.push(decision);
      if (!decision.skill) break;
      const skill = o.skills.find((s) => s.id === decision.skill)!;
      ran.push(skill.id);
      const action = this.actionListener();
      const result = await o.runtime.start(
        skill,
        { ...this.state, message },
        { onEvent: action.listen, signal: o.signal },
      );
      const stop = this.takeResult(result, skill.id, turn, action.last());
      if (stop) return stop;
    }
    return turn;
  }

  /** Takes in a run's result; returns the turn when it ends here. */
  private takeResult(
    result: RunResult,
    skill: string,
    turn: TurnResult,
    action: string | undefined,
  ): TurnResult | undefined {
    turn.runs.push(result);
    if (result.status === 'failed') return { ...turn, status: 'failed', error: result.error };
    if (result.status === 'awaiting') {
      this.pending = { runId: result.runId, skill };
      if (result.await?.message) turn.responses.push(result.await.message);
      return { ...turn, status: 'awaiting', await: result.await };
    }
    const output = result.output as { response?: unknown; state?: unknown };
    if (typeof output?.response === 'string' && output.response) turn.responses.push(output.response);
    if (typeof output?.state === 'object' && output.state !== null)
      this.state = output.state as Record<string, unknown>;
    return action === 'finish' ? turn : undefined;
  }

  /** Listens to a run's events for the agent's final `control.action`, passing every event on. */
  private actionListener(): { listen: RunListener; last(): string | undefined } {
    let action: string | undefined;
    const forward = this.options.onEvent;
    return {
      listen: (e: RunEvent) => {
        if (e.type === 'node_finished' && e.kind === 'agent') {
          const value = e.value as { control?: { action?: unknown } } | undefined;
          if (typeof value?.control?.action === 'string') action = value.control.action;
        }
        forward?.(e);
      },
      last: () => action,
    };
  }

  private emptyTurn(): TurnResult {
    return { status: 'answered', responses: [], decisions: [], runs: [] };
  }
}
