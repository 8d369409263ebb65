import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, resolve } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { DEFAULT_INPUT_LIMITS } from '../schema/input-limits.js';
import type {
  Limits,
  McpServerConfig,
  ScheduleConfig,
  ServerConfig,
  SkeinConfig,
  WebhookConfig,
} from './config.js';
import { checkConfig } from './check-config.js';
import { ConfigError } from './config-error.js';
import { readTrace } from './read-trace.js';
import { durationMs } from './duration.js';

export { ConfigError };

/**
 * Reads `skein.yaml` (or `$SKEIN_CONFIG`) from `cwd` if present and overlays the environment:
 * SKEIN_HOME, SKEIN_SKILLS, SKEIN_MODEL, SKEIN_BASE_URL, SKEIN_API_KEY, SKEIN_WORKSPACE, SKEIN_DATABASE_URL,
 * SKEIN_STORE, SKEIN_API_TOKENS, SKEIN_TRACE_CONTENT.
 */
export function loadConfig(cwd: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): SkeinConfig {
  const file = env.SKEIN_CONFIG ? resolve(cwd, env.SKEIN_CONFIG) : resolve(cwd, 'skein.yaml');
  let raw: RawConfig = {};
  if (existsSync(file)) {
    const lines = new LineCounter();
    const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter: lines });
    const [problem] = doc.errors;
    if (problem) {
      const { line, col } = lines.linePos(problem.pos[0]);
      throw new ConfigError(
        `${file}:${line}:${col}: ${problem.message.split('\n')[0].replace(/ at line \d+, column \d+:$/, '')}`,
      );
    }
    const parsed: unknown = doc.toJS();
    if (parsed !== null && parsed !== undefined) {
      checkConfig(file, doc, lines, parsed);
      raw = parsed as RawConfig;
    }
  } else if (env.SKEIN_CONFIG) throw new ConfigError(`SKEIN_CONFIG names ${file}, which does not exist`);
  const root = existsSync(file) ? dirname(file) : cwd;
  const at = (p: string) => resolve(root, p);
  const tools = raw.tools ?? {};
  const skills = raw.skills ?? ['./skills'];
  return {
    root,
    home: env.SKEIN_HOME ? resolve(cwd, env.SKEIN_HOME) : raw.home ? at(raw.home) : resolve(cwd, '.skein'),
    skillsPath: env.SKEIN_SKILLS
      ? env.SKEIN_SKILLS.split(delimiter)
          .filter(Boolean)
          .map((p) => resolve(cwd, p))
      : [skills].flat().map(at),
    model: env.SKEIN_MODEL || raw.model,
    baseUrl: env.SKEIN_BASE_URL || raw.baseUrl,
    apiKey: env.SKEIN_API_KEY || raw.apiKey,
    workspace: env.SKEIN_WORKSPACE ? resolve(cwd, env.SKEIN_WORKSPACE) : at(raw.workspace ?? './workspace'),
    tools: {
      modules: (tools.modules ?? []).map(at),
      httpAllow: tools.http?.allow ?? [],
      databaseUrl: env.SKEIN_DATABASE_URL || (tools.database?.url && resolveSqlite(tools.database.url, at)),
    },
    mcpServers: Object.fromEntries(
      Object.entries(raw.mcpServers ?? {}).map(([name, s]) => [
        name,
        'command' in s ? { command: s.command, args: s.args ?? [], env: s.env, cwd: at(s.cwd ?? '.') } : s,
      ]),
    ),
    store: env.SKEIN_STORE || raw.store || 'sqlite',
    server: readServer(raw.server ?? {}, env),
    trace: readTrace(raw.trace, file, env),
    limits: readLimits(raw.limits),
    webhooks: (raw.webhooks ?? []).map((w) => ({
      url: w.url,
      events: w.events ?? ['run.completed', 'run.failed', 'run.awaiting'],
      ...(w.secret ? { secret: w.secret } : {}),
    })),
    // Durations are checked by the config's schema.
    idempotency: { keepMs: durationMs(raw.idempotency?.keep ?? '24h')! },
    retention: raw.retention?.runs ? { runsMs: durationMs(raw.retention.runs)! } : {},
    schedules: (raw.schedules ?? []).map((s) => ({
      ...s,
      input: s.input ?? {},
      catchUp: s.catchUp ?? 'none',
    })),
  };
}

/** The limits when skein.yaml sets none. */
export const DEFAULT_LIMITS: Limits = {
  ...DEFAULT_INPUT_LIMITS,
  toolOutputBytes: 16 * 1024 * 1024,
  modelTimeoutMs: 120_000,
};

/** The limits of skein.yaml (whole numbers ≥ 1, checked by the config's schema) over the defaults. */
function readLimits({ awaitTimeout, ...limits }: RawLimits = {}): Limits {
  return { ...DEFAULT_LIMITS, ...limits, ...(awaitTimeout && { awaitTimeoutMs: durationMs(awaitTimeout)! }) };
}

/** `limits:` as written: durations as text (`48h`). */
type RawLimits = Partial<Omit<Limits, 'awaitTimeoutMs'>> & { awaitTimeout?: string };

/** skein.yaml as its JSON Schema (schema/skein.schema.json) lets it be. */
interface RawConfig {
  skills?: string | string[];
  home?: string;
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  workspace?: string;
  store?: string;
  tools?: { modules?: string[]; http?: { allow?: string[] }; database?: { url?: string } };
  mcpServers?: Record<string, McpServerConfig>;
  server?: Partial<ServerConfig>;
  trace?: unknown;
  limits?: RawLimits;
  webhooks?: (Omit<WebhookConfig, 'events'> & Partial<Pick<WebhookConfig, 'events'>>)[];
  idempotency?: { keep?: string };
  retention?: { runs?: string };
  schedules?: (Omit<ScheduleConfig, 'input' | 'catchUp'> &
    Partial<Pick<ScheduleConfig, 'input' | 'catchUp'>>)[];
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;
const DEFAULT_GRACE_MS = 10_000;

function readServer(server: Partial<ServerConfig>, env: NodeJS.ProcessEnv): ServerConfig {
  return {
    tokens: env.SKEIN_API_TOKENS
      ? env.SKEIN_API_TOKENS.split(',')
          .map((t) => t.trim())
          .filter(Boolean)
      : (server.tokens ?? []),
    cors: server.cors ?? [],
    bodyLimit: server.bodyLimit ?? DEFAULT_BODY_LIMIT,
    shutdownGraceMs: server.shutdownGraceMs ?? DEFAULT_GRACE_MS,
  };
}

/** `sqlite:relative/path` resolves against the config's folder; other URLs pass through. */
function resolveSqlite(url: string, at: (p: string) => string): string {
  return url.startsWith('sqlite:') && !url.startsWith('sqlite::memory:') ? `sqlite:${at(url.slice(7))}` : url;
}
