import type { CodeSpec } from '../ir/nodes.js';
import type { JsonSchema } from '../ir/schema.js';
import type { Skill } from '../ir/skill.js';
import type { Tool } from '../tools/tool.js';
import type { RunStore, SkillRef } from './store.js';

/** A model call as the runtime asks for it; the implementation resolves the model and provider. */
export interface LlmRequest {
  /** `provider:model` chosen by the node or skill; absent means the configured default. */
  model?: string;
  system?: string;
  prompt: string;
  temperature?: number;
  signal: AbortSignal;
  onDelta?: (text: string) => void;
}

export interface LlmAnswer {
  text: string;
  /** The `provider:model` that answered. */
  model: string;
  usage: { inputTokens?: number; outputTokens?: number };
}

/** Models, as the runtime sees them (src/models implements this over the Vercel AI SDK). */
export interface LlmService {
  /** Throws, with guidance, when the model cannot be resolved (none configured, missing key, …). */
  check(model?: string): void;
  complete(request: LlmRequest): Promise<LlmAnswer>;
  completeJson(
    request: LlmRequest & { schema: JsonSchema; repairAttempts: number },
  ): Promise<LlmAnswer & { value: unknown }>;
  /** Lets the model call the offered tools (and only those) until it answers with text. */
  callTools?(request: LlmToolRequest): Promise<LlmToolAnswer>;
}

/** A function a model may call in `callTools`. */
export interface LlmTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  execute(input: unknown, options: { signal?: AbortSignal }): Promise<unknown>;
}

/** One turn of a conversation: a user's text, or a model's or tools' turn as `callTools` returned it (passed back unchanged). */
export type LlmTurn = { role: 'user'; content: string } | { role: 'assistant' | 'tool'; content: unknown };

/** A conversation in which the model may call tools; calls of tools not offered are refused and reported. */
export interface LlmToolRequest {
  model?: string;
  system?: string;
  messages: readonly LlmTurn[];
  tools: readonly LlmTool[];
  /** Model turns at most (each answer with tool calls is one). */
  maxSteps?: number;
  temperature?: number;
  signal: AbortSignal;
  onDelta?: (text: string) => void;
  onToolCall?: (call: { id: string; name: string; input: unknown }) => void;
  onToolResult?: (result: { id: string; name: string; output?: unknown; error?: string }) => void;
  onRefused?: (call: { id: string; name: string; input: unknown; reason: string }) => void;
}

/** The model's last text, and the turns the call added (to pass back in a later request). */
export interface LlmToolAnswer extends LlmAnswer {
  messages: LlmTurn[];
  steps: number;
}

/** Tools, as the runtime sees them. */
export interface ToolService {
  require(name: string): Tool;
  invoke(
    tool: Tool,
    input: Record<string, unknown>,
    options: { signal: AbortSignal; runId: string; log(line: string): void },
  ): Promise<Record<string, unknown>>;
}

/** What running code may use besides its input. */
export interface CodeRunOptions {
  signal: AbortSignal;
  timeoutMs?: number;
  runId?: string;
  /** Runs another skill (any dialect) as a child run and returns its output; a failure throws. */
  call?: (skill: string, input: unknown) => Promise<unknown>;
}

/** Runs code of a language (Python in the sandbox, TS/JS modules). */
export interface CodeService {
  run(code: CodeSpec, input: unknown, options: CodeRunOptions): Promise<unknown>;
}

/** Finds skills: by id[@version] for `call` nodes, and by reference to resume a run. */
export interface SkillService {
  find(idAtVersion: string): Promise<Skill>;
  load(ref: SkillRef): Promise<Skill>;
}

/** Everything the runtime is given; it imports nothing dialect-specific. */
export interface RuntimeServices {
  store: RunStore;
  llm?: LlmService;
  tools?: ToolService;
  code?: Partial<Record<CodeSpec['language'], CodeService>>;
  skills?: SkillService;
}
