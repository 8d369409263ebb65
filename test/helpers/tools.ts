// Shared set-up for the tool tests: temporary folders, a config, and interpolated text.
import { DEFAULT_LIMITS } from '../../src/config/load-config.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { SkeinConfig } from '../../src/config/config.js';
import { formatValue } from '../../src/expr/index.js';
import { Interpolated } from '../../src/ir/expr.js';

/** A new empty folder, removed when the test ends. */
export async function tempDir(t: TestContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'skein-tools-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A config rooted at `dir` (home `dir/.skein`, workspace `dir/workspace`) with the given tool settings. */
export function testConfig(
  dir: string,
  tools: Partial<SkeinConfig['tools']> = {},
  mcpServers: SkeinConfig['mcpServers'] = {},
): SkeinConfig {
  return {
    root: dir,
    home: join(dir, '.skein'),
    skillsPath: [],
    workspace: join(dir, 'workspace'),
    tools: { modules: [], httpAllow: [], ...tools },
    mcpServers,
    store: 'sqlite',
    limits: DEFAULT_LIMITS,
    webhooks: [],
    idempotency: { keepMs: 24 * 60 * 60 * 1000 },
    retention: {},
    schedules: [],
    server: { tokens: [], cors: [], bodyLimit: 1024 * 1024, shutdownGraceMs: 10_000 },
    trace: { content: false, redact: [], prices: {}, flushTimeoutMs: 1000 },
  };
}

/** Tagged template that keeps values apart, as `{{ }}` in a skill does: sql`... '${x}'`. */
export function interpolated(strings: TemplateStringsArray, ...values: unknown[]): Interpolated {
  const text = strings.reduce((out, s, i) => out + s + (i < values.length ? formatValue(values[i]) : ''), '');
  return new Interpolated([...strings], values, text);
}
