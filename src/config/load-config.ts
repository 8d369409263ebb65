import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, resolve } from 'node:path';
import { parse } from 'yaml';
import type { InputLimits, Limits, McpServerConfig, ServerConfig, SkeinConfig } from './config.js';
import { SkeinError } from '../ir/errors.js';
import { readTrace } from './read-trace.js';

/** A mistake in skein.yaml: names the file and the field. */
export class ConfigError extends SkeinError {
  constructor(message: string) {
    super('config_invalid', message);
    this.name = 'ConfigError';
  }
}

/**
 * Reads `skein.yaml` (or `$SKEIN_CONFIG`) from `cwd` if present and overlays the environment:
 * SKEIN_HOME, SKEIN_SKILLS, SKEIN_MODEL, SKEIN_BASE_URL, SKEIN_API_KEY, SKEIN_WORKSPACE, SKEIN_DATABASE_URL,
 * SKEIN_STORE, SKEIN_API_TOKENS, SKEIN_TRACE_CONTENT.
 */
export function loadConfig(cwd: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): SkeinConfig {
  const file = env.SKEIN_CONFIG ? resolve(cwd, env.SKEIN_CONFIG) : resolve(cwd, 'skein.yaml');
  let raw: Record<string, unknown> = {};
  if (existsSync(file)) {
    try {
      const parsed: unknown = parse(readFileSync(file, 'utf8'));
      if (parsed !== null && parsed !== undefined) {
        if (typeof parsed !== 'object' || Array.isArray(parsed))
          throw new ConfigError(`${file}: expected a mapping of settings`);
        raw = parsed as Record<string, unknown>;
      }
    } catch (e) {
      if (e instanceof ConfigError) throw e;
      throw new ConfigError(`${file}: ${(e as Error).message.split('\n')[0]}`);
    }
  } else if (env.SKEIN_CONFIG) throw new ConfigError(`SKEIN_CONFIG names ${file}, which does not exist`);
  const root = existsSync(file) ? dirname(file) : cwd;
  const at = (p: string) => resolve(root, p);
  const field = <T>(name: string, check: (v: unknown) => v is T, want: string): T | undefined => {
    const v = raw[name];
    if (v === undefined || v === null) return undefined;
    if (!check(v)) throw new ConfigError(`${file}: "${name}" must be ${want}`);
    return v;
  };
  const tools = field('tools', isRecord, 'a mapping') ?? {};
  const skills = field(
    'skills',
    (v): v is string | string[] => typeof v === 'string' || isStringList(v),
    'a path or a list of paths',
  );
  const http = isRecord(tools.http) ? tools.http : {};
  const database = isRecord(tools.database) ? tools.database : {};
  const home = resolve(
    cwd,
    env.SKEIN_HOME ?? (field('home', isString, 'a path') ? at(raw.home as string) : '.skein'),
  );
  return {
    root,
    home,
    skillsPath: env.SKEIN_SKILLS
      ? env.SKEIN_SKILLS.split(delimiter)
          .filter(Boolean)
          .map((p) => resolve(cwd, p))
      : (skills === undefined ? ['./skills'] : Array.isArray(skills) ? skills : [skills]).map(at),
    model: env.SKEIN_MODEL || field('model', isString, 'a "provider:model" string'),
    baseUrl: env.SKEIN_BASE_URL || field('baseUrl', isString, 'a URL'),
    apiKey: env.SKEIN_API_KEY || field('apiKey', isString, 'a string'),
    workspace: env.SKEIN_WORKSPACE
      ? resolve(cwd, env.SKEIN_WORKSPACE)
      : at(field('workspace', isString, 'a path') ?? './workspace'),
    tools: {
      modules: (isStringList(tools.modules) ? tools.modules : []).map(at),
      httpAllow: isStringList(http.allow) ? http.allow : [],
      databaseUrl:
        env.SKEIN_DATABASE_URL ||
        (typeof database.url === 'string' ? resolveSqlite(database.url, at) : undefined),
    },
    mcpServers: readMcpServers(raw.mcpServers, file, at),
    store: env.SKEIN_STORE || field('store', isString, '"sqlite" or "memory"') || 'sqlite',
    server: readServer(raw.server, file, env),
    trace: readTrace(raw.trace, file, env),
    limits: readLimits(raw.limits, file),
  };
}

/** The input limits when skein.yaml sets none. */
export const DEFAULT_INPUT_LIMITS: InputLimits = { inputBytes: 1024 * 1024, inputDepth: 64 };
/** The limits when skein.yaml sets none. */
export const DEFAULT_LIMITS: Limits = {
  ...DEFAULT_INPUT_LIMITS,
  toolOutputBytes: 16 * 1024 * 1024,
  modelTimeoutMs: 120_000,
};

function readLimits(v: unknown, file: string): Limits {
  if (v !== undefined && v !== null && !isRecord(v))
    throw new ConfigError(
      `${file}: "limits" must be a mapping (inputBytes, inputDepth, toolOutputBytes, modelTimeoutMs)`,
    );
  const limits = (v ?? {}) as Record<string, unknown>;
  const count = (name: keyof Limits): number => {
    const value = limits[name] ?? DEFAULT_LIMITS[name];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
      throw new ConfigError(`${file}: "limits.${name}" must be a whole number ≥ 1`);
    return value;
  };
  return {
    inputBytes: count('inputBytes'),
    inputDepth: count('inputDepth'),
    toolOutputBytes: count('toolOutputBytes'),
    modelTimeoutMs: count('modelTimeoutMs'),
  };
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;
const DEFAULT_GRACE_MS = 10_000;

function readServer(v: unknown, file: string, env: NodeJS.ProcessEnv): ServerConfig {
  if (v !== undefined && v !== null && !isRecord(v))
    throw new ConfigError(`${file}: "server" must be a mapping (tokens, cors, bodyLimit, shutdownGraceMs)`);
  const server = (v ?? {}) as Record<string, unknown>;
  const list = (name: string): string[] => {
    const value = server[name] ?? [];
    if (!isStringList(value)) throw new ConfigError(`${file}: "server.${name}" must be a list of strings`);
    return value;
  };
  const count = (name: string, fallback: number, unit: string): number => {
    const value = server[name] ?? fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
      throw new ConfigError(`${file}: "server.${name}" must be a whole number of ${unit}`);
    return value;
  };
  return {
    tokens: env.SKEIN_API_TOKENS
      ? env.SKEIN_API_TOKENS.split(',')
          .map((t) => t.trim())
          .filter(Boolean)
      : list('tokens'),
    cors: list('cors'),
    bodyLimit: count('bodyLimit', DEFAULT_BODY_LIMIT, 'bytes'),
    shutdownGraceMs: count('shutdownGraceMs', DEFAULT_GRACE_MS, 'milliseconds'),
  };
}

function readMcpServers(
  v: unknown,
  file: string,
  at: (p: string) => string,
): Record<string, McpServerConfig> {
  if (v === undefined || v === null) return {};
  if (!isRecord(v))
    throw new ConfigError(`${file}: "mcpServers" must map server names to {command, args} or {url}`);
  const out: Record<string, McpServerConfig> = {};
  for (const [name, s] of Object.entries(v)) {
    if (isRecord(s) && typeof s.command === 'string')
      out[name] = {
        command: s.command,
        args: isStringList(s.args) ? s.args : [],
        env: isRecord(s.env) ? (s.env as Record<string, string>) : undefined,
        cwd: at(typeof s.cwd === 'string' ? s.cwd : '.'),
      };
    else if (isRecord(s) && typeof s.url === 'string')
      out[name] = {
        url: s.url,
        headers: isRecord(s.headers) ? (s.headers as Record<string, string>) : undefined,
      };
    else
      throw new ConfigError(`${file}: mcpServers.${name} needs "command" (stdio) or "url" (streamable HTTP)`);
  }
  return out;
}

/** `sqlite:relative/path` resolves against the config's folder; other URLs pass through. */
function resolveSqlite(url: string, at: (p: string) => string): string {
  return url.startsWith('sqlite:') && !url.startsWith('sqlite::memory:') ? `sqlite:${at(url.slice(7))}` : url;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isString(v: unknown): v is string {
  return typeof v === 'string';
}

function isStringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}
