import type { Condition, SourceRef, Template, ValueExpr } from './expr.js';
import type { JsonSchema } from './schema.js';

/** Where a node's result goes in the run's context. */
export type WriteTarget =
  /** Store the result at this path (`['report']`, `['steps', 'search']`). */
  | { set: readonly string[] }
  /** The result is a record: write each of its keys under this path (`[]` is the root). */
  | { merge: readonly string[] }
  /** Each of these targets in order: one result stored in several places. */
  | { all: readonly WriteTarget[] };

export interface RetryPolicy {
  /** Extra attempts after the first. */
  max: number;
  /** Delay before the first retry; doubles each time up to `maxDelayMs`. */
  delayMs: number;
  maxDelayMs?: number;
}

interface NodeBase {
  /** Unique within its graph. */
  id: string;
  /** Where the node was written, for messages that name the step. */
  at?: SourceRef;
  /** When present and false, the node is skipped and the flow passes through it. */
  guard?: Condition;
  retry?: RetryPolicy;
  timeoutMs?: number;
  /**
   * When true, a failure (after the retries) does not fail the run: the node's value becomes
   * `{_error: message, _failed: true}` and the flow goes on. For a call over a list, each element whose
   * call fails gets that value in its place.
   */
  continueOnError?: boolean;
}

/** Renders text. */
export interface TemplateNode extends NodeBase {
  kind: 'template';
  template: Template;
  output: WriteTarget;
}

/** Asks a model. With `json`, the answer must be JSON of that schema and is stored parsed. */
export interface LlmNode extends NodeBase {
  kind: 'llm';
  prompt: Template;
  system?: Template;
  json?: JsonSchema;
  /** `provider:model`; overrides the skill's and the configured model. */
  model?: string;
  temperature?: number;
  /** How many times a JSON answer that fails validation is sent back with the errors. */
  repairAttempts?: number;
  output: WriteTarget;
}

/** Calls a tool from the registry with a typed input. */
export interface ToolNode extends NodeBase {
  kind: 'tool';
  tool: string;
  input: ValueExpr;
  output: WriteTarget;
  /** With a `merge` output: the keys of the result the skill declares it writes (converters read them). */
  declares?: readonly string[];
}

/** Pauses the run until a person answers; the answer is validated against `inputSchema`. */
export interface AwaitNode extends NodeBase {
  kind: 'await';
  message: Template;
  inputSchema: JsonSchema;
  output: WriteTarget;
}

/** Writes computed values at paths. */
export interface AssignNode extends NodeBase {
  kind: 'assign';
  assignments: readonly { path: readonly string[]; value: ValueExpr }[];
}

/** Source code to run: inline or in a file, with an entry function. */
export interface CodeSpec {
  language: 'python' | 'typescript' | 'javascript';
  source?: string;
  file?: string;
  entry: string;
}

/** Runs code (Python in the sandbox, or a TS/JS module) with a computed argument. */
export interface CodeNode extends NodeBase {
  kind: 'code';
  code: CodeSpec;
  input: ValueExpr;
  output: WriteTarget;
}

/**
 * Runs another skill (`id[@version]`) or a subgraph of the same skill. With `each`, it runs once per
 * element of a list: `input` is evaluated with the element in scope under `as`, at most `concurrency`
 * calls at once (0: all at once), and the value is the list of results in element order.
 */
export interface CallNode extends NodeBase {
  kind: 'call';
  target: { skill: string } | { graph: string };
  input: ValueExpr;
  output: WriteTarget;
  each?: { items: ValueExpr; as: string; concurrency: number };
}

/**
 * Chooses successors at run time. The resolver returns `{ next: [...] }`; each name is looked up in
 * `targets`; unknown names fall back to `fallback`, else the run fails.
 */
export interface RouteNode extends NodeBase {
  kind: 'route';
  resolver: CodeSpec;
  input: ValueExpr;
  targets: Readonly<Record<string, string>>;
  fallback: readonly string[];
}

/**
 * An LLM agent with allowed tools that must answer in a checked contract:
 * `{response, profile, data, control}`. The context (minus `turnKey`) is the session state; `profile`
 * merges into `state.profile` and `data` into the state's top level; `control.action` is continue,
 * retry, ask_user (a pause with a card of questions) or finish. Its value is `{response, state, control}`.
 */
export interface AgentNode extends NodeBase {
  kind: 'agent';
  system: Template;
  /** The user's turn, rendered from the context. */
  prompt: Template;
  /** The context key that holds the user's turn; every other key is session state. */
  turnKey?: string;
  tools: readonly string[];
  model?: string;
  temperature?: number;
  /** The answer's schema; invalid answers go back to the model with the errors. */
  contract: JsonSchema;
  /** Business validation after the schema: answers continue / retry / ask_user. */
  validate?: CodeSpec;
  /** Runs before the model with `{state, message}`; may change them, or answer instead of the model. */
  preprocess?: CodeSpec;
  /** Runs on an answer that passed validation, with `{output, state}`; returns the answer to use. */
  postprocess?: CodeSpec;
  /** Model turns per answer, tool calls included. */
  maxSteps?: number;
  repairAttempts: number;
  retryPrompt?: string;
  output: WriteTarget;
}

/** Ends the run; its value is the run's output. */
export interface EndNode extends NodeBase {
  kind: 'end';
  output: ValueExpr;
}

export type Node =
  | TemplateNode
  | LlmNode
  | ToolNode
  | AwaitNode
  | AssignNode
  | CodeNode
  | CallNode
  | RouteNode
  | AgentNode
  | EndNode;

export type NodeKind = Node['kind'];
