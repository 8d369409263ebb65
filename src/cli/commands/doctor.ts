import { createRequire } from 'node:module';
import { loadConfig } from '../../config/load-config.js';
import { installCommand, installedVersion, OPTIONAL_FEATURES } from '../../ir/optional-packages.js';
import { SKEIN_VERSION } from '../../version.js';
import { parseCommandArgs } from '../args.js';
import { doctorSpec } from '../specs/doctor.js';
import { colorFor } from '../style.js';

/** One line of the report. */
interface Check {
  part: string;
  /** `ok`, `missing` (an optional part not installed) or `broken` (a needed part that fails). */
  state: 'ok' | 'missing' | 'broken';
  detail: string;
  /** How to put it right, when it is not ok. */
  fix?: string;
}

const NODE_MINIMUM = [20, 19];

/** `skein doctor [--json]`: what is installed, what is missing and what it would enable. */
export async function doctorCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, doctorSpec.options);
  const checks = [nodeCheck(), sqliteCheck(), ...optionalChecks(), ...configChecks()];
  const broken = checks.some((c) => c.state === 'broken');
  if (values.json) {
    process.stdout.write(JSON.stringify({ version: SKEIN_VERSION, checks }) + '\n');
    return broken ? 1 : 0;
  }
  const c = colorFor(process.stdout);
  const mark = { ok: c.green('✓'), missing: c.yellow('–'), broken: c.red('✗') };
  const width = Math.max(...checks.map((k) => k.part.length));
  const lines = [`skein ${SKEIN_VERSION}`];
  for (const k of checks) {
    lines.push(`${mark[k.state]} ${k.part.padEnd(width)}  ${k.detail}`);
    if (k.fix) lines.push(`  ${' '.repeat(width)}  ${c.dim(k.fix)}`);
  }
  process.stdout.write(lines.join('\n') + '\n');
  return broken ? 1 : 0;
}

function nodeCheck(): Check {
  const [major, minor] = process.versions.node.split('.').map(Number);
  const ok = major! > NODE_MINIMUM[0]! || (major === NODE_MINIMUM[0] && minor! >= NODE_MINIMUM[1]!);
  return {
    part: 'node',
    state: ok ? 'ok' : 'broken',
    detail: `Node ${process.versions.node}${ok ? '' : ': Skein needs 20.19 or later'}`,
    fix: ok ? undefined : 'install Node 20.19 or later',
  };
}

function sqliteCheck(): Check {
  try {
    const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string) => {
      close(): void;
    };
    new Database(':memory:').close();
    return {
      part: 'sqlite',
      state: 'ok',
      detail: `better-sqlite3 ${installedVersion('better-sqlite3') ?? ''}: the embedded run store`,
    };
  } catch (error) {
    return {
      part: 'sqlite',
      state: 'broken',
      detail: `better-sqlite3 does not load: ${(error as Error).message.split('\n')[0]}`,
      fix: 'npm rebuild better-sqlite3 (it needs python3, make and a C++ compiler when no prebuilt binary fits)',
    };
  }
}

function optionalChecks(): Check[] {
  return OPTIONAL_FEATURES.map((feature) => {
    const versions = feature.packages.map((p) => [p, installedVersion(p)] as const);
    const missing = versions.filter(([, v]) => v === undefined).map(([p]) => p);
    if (!missing.length)
      return {
        part: feature.name,
        state: 'ok',
        detail: `${feature.packages[0]} ${versions[0]![1]}${versions.length > 1 ? ` and ${versions.length - 1} more` : ''}: ${feature.enables}`,
      };
    return {
      part: feature.name,
      state: 'missing',
      detail: `optional, not installed (${missing.join(', ')}): ${feature.without}`,
      fix: `to ${feature.enables}: ${installCommand(feature)}`,
    };
  });
}

function configChecks(): Check[] {
  try {
    const config = loadConfig();
    const store = config.store.startsWith('postgres') ? 'PostgreSQL' : config.store;
    return [
      {
        part: 'config',
        state: 'ok',
        detail: `${process.env.SKEIN_CONFIG ?? 'skein.yaml (or defaults)'}; store ${store}; skills ${config.skillsPath.join(', ') || 'none'}`,
      },
      config.model
        ? { part: 'model', state: 'ok', detail: config.model }
        : {
            part: 'model',
            state: 'missing',
            detail: 'no model configured: skills with prompts or agents cannot run',
            fix: 'set SKEIN_MODEL (e.g. openai:gpt-4o-mini) or model: in skein.yaml',
          },
    ];
  } catch (error) {
    return [{ part: 'config', state: 'broken', detail: (error as Error).message }];
  }
}
