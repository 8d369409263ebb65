import type { ModelMessage } from 'ai';
import type { Skill } from '../ir/skill.js';
import type { LoopTool } from '../models/tool-loop.js';
import { runToolLoop } from '../models/tool-loop.js';
import type { ResolvedModel } from '../models/resolved-model.js';
import type { SkillSession } from '../code/modules/skill-context.js';
import type { RunListener, Runtime } from '../runtime/index.js';
import { buildRouteIndex, type RouteIndex } from '../routing/index.js';
import { docTools } from './doc-tools.js';
import { skillTools } from './skill-tools.js';
import { systemPrompt } from './system-prompt.js';
import type { ChatCall, ChatTranscript, ChatTurn } from './transcript.js';

export interface ChatOptions {
  model: ResolvedModel;
  /** Starts the runs of the skills the model calls (a `Runtime`, or a Skein's `run`). */
  runtime: Pick<Runtime, 'start'>;
  /** The skills offered: executable ones as functions, document ones in the system prompt. */
  skills: readonly Skill[];
  /** Updated after every turn, so code-mode skills see the conversation as `ctx.session`. */
  session?: { messages: SkillSession['messages'] };
  /** Model turns per user message at most. Default 8. */
  maxSteps?: number;
  /**
   * Skill functions offered per turn at most. Default 16. With more executable skills, the router picks
   * those that best fit each message (and keeps those called earlier in the conversation).
   */
  maxFunctions?: number;
  onDelta?: (text: string) => void;
  /** A function call the model made, before it runs. */
  onCallStart?: (call: { tool: string; input: unknown }) => void;
  /** A call finished (or was refused). */
  onCall?: (call: ChatCall) => void;
  onEvent?: RunListener;
  signal?: AbortSignal;
}

/**
 * An agent loop over the AI SDK's tool calling in which every loaded skill is a function (spec §6): the
 * conversation is kept across `send`s, and each turn records the calls it made.
 */
export class ChatSession {
  readonly tools: readonly LoopTool[];
  /** The skill functions by the id of their skill, and the router that narrows them (only when there are too many). */
  private readonly skillFunctions = new Map<string, LoopTool>();
  private readonly router?: RouteIndex;
  private readonly otherTools: readonly LoopTool[];
  /** Functions called so far, most recent last. */
  private readonly called: string[] = [];
  private readonly system: string;
  private readonly history: ModelMessage[] = [];
  private readonly turns: ChatTurn[] = [];
  private readonly usage: ChatTranscript['usage'] = {};
  /** The tool-call ids of the current turn in the order the model made them, and the finished calls. */
  private order: string[] = [];
  private finished = new Map<string, ChatCall>();

  constructor(private readonly o: ChatOptions) {
    const taken = new Set<string>();
    const record = (call: ChatCall, id: string) => this.record(call, id);
    // The skills offered as functions (skills that run only when named are not): one function each, in order.
    const executable = o.skills.filter((s) => s.graph && !s.planning?.internal);
    const functions = skillTools(executable, taken, {
      runtime: o.runtime,
      onCall: record,
      onEvent: o.onEvent,
      signal: o.signal,
    });
    executable.forEach((s, i) => this.skillFunctions.set(s.id, functions[i]));
    this.otherTools = docTools(o.skills, taken, record);
    this.tools = [...functions, ...this.otherTools];
    this.system = systemPrompt(o.skills);
    if (executable.length > this.maxFunctions) this.router = buildRouteIndex(executable);
  }

  private get maxFunctions(): number {
    return this.o.maxFunctions ?? 16;
  }

  /**
   * The functions offered for a message: all of them, or with many skills the ones called before (most
   * recent first) and then the router's best candidates, up to maxFunctions; document tools always.
   */
  private offered(message: string): readonly LoopTool[] {
    if (!this.router) return this.tools;
    const names = new Set<string>();
    for (const name of [...this.called].reverse()) if (names.size < this.maxFunctions) names.add(name);
    const ranked = this.router.rank(message, { limit: this.maxFunctions }).candidates;
    for (const c of ranked) {
      const name = this.skillFunctions.get(c.id)?.name;
      if (name && names.size < this.maxFunctions) names.add(name);
    }
    return [
      ...this.tools.filter((t) => names.has(t.name) && !this.otherTools.includes(t)),
      ...this.otherTools,
    ];
  }

  /** Sends the user's message; the model may call functions before it answers. */
  async send(message: string): Promise<ChatTurn> {
    this.order = [];
    this.finished = new Map();
    const messages: ModelMessage[] = [...this.history, { role: 'user', content: message }];
    const tools = this.offered(message);
    const result = await runToolLoop({
      model: this.o.model,
      system: this.system,
      messages,
      tools,
      maxSteps: this.o.maxSteps ?? 8,
      signal: this.o.signal,
      onDelta: this.o.onDelta,
      onToolCall: (c) => {
        this.order.push(c.id);
        this.o.onCallStart?.({ tool: c.name, input: c.input });
      },
      onRefused: (c) => {
        this.order.push(c.id);
        this.record(
          { tool: c.name, skill: c.name, input: c.input, status: 'refused', error: c.reason, ms: 0 },
          c.id,
        );
      },
    });
    this.history.push({ role: 'user', content: message }, ...result.messages);
    for (const key of ['inputTokens', 'outputTokens'] as const)
      if (result.usage[key] !== undefined) this.usage[key] = (this.usage[key] ?? 0) + result.usage[key]!;
    const calls = this.order.flatMap((id) => this.finished.get(id) ?? []);
    const turn: ChatTurn = {
      user: message,
      calls,
      answer: result.text,
      ...(this.router ? { offered: tools.map((t) => t.name) } : {}),
      ...(result.finishReason === 'tool-calls' ? { stoppedAtStepLimit: result.steps } : {}),
    };
    this.turns.push(turn);
    if (this.o.session)
      this.o.session.messages = this.turns.flatMap((t) => [
        { role: 'user' as const, content: t.user },
        { role: 'assistant' as const, content: t.answer },
      ]);
    return turn;
  }

  private record(call: ChatCall, id: string): void {
    this.finished.set(id, call);
    if (!this.called.includes(call.tool)) this.called.push(call.tool);
    this.o.onCall?.(call);
  }

  /** The conversation so far, as `skein chat --json` prints it. */
  transcript(): ChatTranscript {
    return {
      model: this.o.model.id,
      tools: this.tools.map((t) => t.name),
      turns: this.turns,
      usage: this.usage,
    };
  }
}
