import type { InputLimits } from '../schema/input-limits.js';
import type { TraceConfig } from './read-trace.js';

/** An MCP server to connect to: a local process (stdio, started in `cwd`, default the config's folder) or a streamable HTTP endpoint. */
export type McpServerConfig =
  | { command: string; args?: string[]; env?: Record<string, string>; cwd?: string }
  | { url: string; headers?: Record<string, string> };

/** Everything Skein is configured with, from `skein.yaml` and the environment (the environment wins). */
export interface SkeinConfig {
  /** Folder of the config file (or the working directory); relative paths resolve against it. */
  root: string;
  /** Runs, memory and other state: `$SKEIN_HOME`, default `./.skein`. */
  home: string;
  /** Where `id[@version]` is looked up: `$SKEIN_SKILLS` (path-separated), `skills:`, default `./skills`. */
  skillsPath: string[];
  /** `provider:model`, from `$SKEIN_MODEL` or `model:`. */
  model?: string;
  /** For the `compat` and `ollama` providers: `$SKEIN_BASE_URL` / `baseUrl:` and `$SKEIN_API_KEY` / `apiKey:`. */
  baseUrl?: string;
  apiKey?: string;
  /** The folder file tools are confined to: `workspace:`, default `./workspace`. */
  workspace: string;
  tools: {
    /** TS/JS modules whose default export (or named exports) are `defineTool(...)` tools. */
    modules: string[];
    /** Hosts `http.request` may reach. Empty: none. */
    httpAllow: string[];
    /** `database.query` target: `sqlite:path` (default `sqlite:$SKEIN_HOME/data.db`) or `postgres://…`. */
    databaseUrl?: string;
  };
  mcpServers: Record<string, McpServerConfig>;
  /** Run store: `sqlite` (in `$SKEIN_HOME`, the default), `memory` (nothing survives the process) or a `postgres://` URL; `$SKEIN_STORE` / `store:`. */
  store: string;
  server: ServerConfig;
  trace: TraceConfig;
  /** Sizes past which input is refused: `limits:` in skein.yaml. */
  limits: Limits;
  /** Receivers of runs' status changes: `webhooks:` in skein.yaml. */
  webhooks: WebhookConfig[];
  /** `idempotency:` in skein.yaml: how long a start's key is kept (`keep`, default 24 h), in ms. */
  idempotency: { keepMs: number };
  /** `retention:` in skein.yaml: finished runs older than `runsMs` are pruned; absent, runs are kept. */
  retention: { runsMs?: number };
  /** `schedules:` in skein.yaml: skills started on a cron, once per tick however many processes serve. */
  schedules: ScheduleConfig[];
}

/** One entry of `schedules:` (docs/operations.md, "Schedules"). */
export interface ScheduleConfig {
  id: string;
  /** The skill to start: an id, or `id@version`. */
  skill: string;
  /** Five fields (minute first) or six (seconds first), as cron writes them. */
  cron: string;
  /** An IANA time zone the cron is read in (default: the machine's). */
  timezone?: string;
  input: unknown;
  /** At start, whether the last tick missed while no process served is fired (`last`) or not (`none`). */
  catchUp: 'none' | 'last';
}

/** One entry of `webhooks:`: where to POST which status changes, signed with `secret` (`whsec_…`). */
export interface WebhookConfig {
  url: string;
  events: ('run.completed' | 'run.failed' | 'run.awaiting')[];
  secret?: string;
}

export type { InputLimits };

/** `limits:` in skein.yaml: the input limits (src/schema/input-limits.ts) and the others. */
export interface Limits extends InputLimits {
  /** Largest output of one tool call in bytes (its JSON), and of an http.request response body; default 16 MiB. */
  toolOutputBytes: number;
  /** Longest time one model call may take, retries included; default 120 s. */
  modelTimeoutMs: number;
  /** Longest a run may await a person before it fails with `await_timeout`; absent, for ever. */
  awaitTimeoutMs?: number;
}

/** `skein serve` settings: `server:` in skein.yaml. */
export interface ServerConfig {
  /** Bearer tokens that open the API: `$SKEIN_API_TOKENS` (comma-separated) or `server.tokens`. Empty: loopback only. */
  tokens: string[];
  /** Origins allowed to call the API from a browser (CORS); empty: none. */
  cors: string[];
  /** Largest request body in bytes (413 above it); default 1 MiB. */
  bodyLimit: number;
  /** On SIGTERM/SIGINT, how long in-flight requests and runs get to finish; default 10 s. */
  shutdownGraceMs: number;
}
