import type { CodeSpec } from '../ir/nodes.js';
import type { InputLimits } from '../schema/input-limits.js';
import type { CodeService } from './ports/code.js';
import type { LlmService } from './ports/llm.js';
import type { SkillService } from './ports/skills.js';
import type { RunStore } from './ports/store.js';
import type { ToolService } from './ports/tool.js';
import type { RunTracer } from './ports/tracer.js';

/** Everything the runtime is given; it imports nothing dialect-specific. */
export interface RuntimeServices {
  store: RunStore;
  llm?: LlmService;
  tools?: ToolService;
  code?: Partial<Record<CodeSpec['language'], CodeService>>;
  skills?: SkillService;
  /** Turns runs into traces; absent, nothing is traced and nothing is paid for it. */
  tracer?: RunTracer;
  /** What a run's input and a person's answer may be; default `DEFAULT_INPUT_LIMITS` (1 MiB, 64 levels). */
  limits?: InputLimits;
  /** How long a run may await a person before it fails with `await_timeout`, in ms; absent, for ever. */
  awaitTimeoutMs?: number;
  /** How long a start's idempotency key is kept, in ms; default 24 hours. */
  idempotencyKeepMs?: number;
  /** Keep prompts and answers in the run's events (`llm_usage`), for traces; off by default. */
  recordContent?: boolean;
}
