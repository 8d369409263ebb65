import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SkeinError } from '../errors/index.js';

/** A feature whose packages a plain install leaves out (optional peer dependencies), loaded on first use. */
export interface OptionalFeature {
  /** What `skein doctor` calls it. */
  name: string;
  /** The packages it needs, all of them (their names; `install` says which versions). */
  packages: readonly string[];
  /** What to give `npm install`, when a package's newest version is not one Skein works with. */
  install?: readonly string[];
  /** What it enables, as the end of "install … to use …". */
  enables: string;
  /** What Skein does without it. */
  without: string;
}

/** The features a lean install leaves out; each package is also a development dependency of Skein. */
export const OPTIONAL_FEATURES: readonly OptionalFeature[] = [
  {
    name: 'otlp',
    packages: [
      '@opentelemetry/exporter-trace-otlp-http',
      '@opentelemetry/exporter-trace-otlp-proto',
      '@opentelemetry/resources',
      '@opentelemetry/sdk-trace-base',
    ],
    enables: 'send traces to an OTLP collector (OTEL_EXPORTER_OTLP_ENDPOINT)',
    without: 'runs are not exported; inspect --trace still shows them',
  },
  {
    name: 'postgres',
    packages: ['pg', 'pg-boss'],
    // pg-boss 10 is the major Skein drives (12 needs Node 22).
    install: ['pg', 'pg-boss@10'],
    enables: 'keep runs in PostgreSQL and drive them with workers (store: postgres://…)',
    without: 'runs are kept in SQLite (the default) or in memory',
  },
  {
    name: 'typescript',
    packages: ['tsx'],
    enables: 'load TypeScript tool modules and code skills without a build step',
    without: 'JavaScript tool modules and code skills load; a .ts one fails with missing_dependency',
  },
  {
    name: 'python',
    packages: ['pyodide'],
    enables: 'run Python codelets (AgenticDSL) in the Pyodide sandbox',
    without: 'a Python step fails with missing_dependency',
  },
  {
    name: 'openrouter',
    packages: ['@openrouter/ai-sdk-provider'],
    enables: 'call models through OpenRouter (openrouter:…)',
    without: 'an openrouter: model fails with missing_dependency; openai, anthropic, compat and ollama work',
  },
  {
    name: 'ollama',
    packages: ['ollama-ai-provider-v2'],
    enables: "call models on an Ollama server through Ollama's own API (ollama:…)",
    without:
      'an ollama: model fails with missing_dependency; compat: reaches Ollama through its OpenAI-compatible API',
  },
  {
    name: 'tokens',
    packages: ['gpt-tokenizer'],
    enables: 'count tokens exactly (o200k_base) for documents, chunk budgets and test limits',
    without: 'token counts are estimated from the text (within about 10%)',
  },
];

/** The optional feature by its name (a programming error when unknown). */
export function optionalFeature(name: string): OptionalFeature {
  const feature = OPTIONAL_FEATURES.find((f) => f.name === name);
  if (!feature) throw new Error(`no optional feature "${name}"`);
  return feature;
}

/** The command that installs a feature's packages. */
export function installCommand(feature: OptionalFeature): string {
  return `npm install ${(feature.install ?? feature.packages).join(' ')}`;
}

/** A feature used without its packages: says what to install for it. */
export class MissingDependencyError extends SkeinError {
  constructor(readonly feature: OptionalFeature) {
    super(
      'missing_dependency',
      `install ${feature.packages.join(', ')} to ${feature.enables}: ${installCommand(feature)}`,
    );
    this.name = 'MissingDependencyError';
  }
}

/** Whether an import failed because the module (not something it imports in turn) is not installed. */
export function isMissingPackage(error: unknown, packages: readonly string[]): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  return typeof message === 'string' && packages.some((p) => message.includes(`'${p}`));
}

/** Imports a feature's module, turning "not installed" into a MissingDependencyError. */
export async function importOptional<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw missingAs(name, error);
  }
}

/** The same, synchronously, for a CommonJS-loadable package used where no promise can be awaited. */
export function requireOptional<T>(name: string, id: string): T {
  try {
    return createRequire(import.meta.url)(id) as T;
  } catch (error) {
    throw missingAs(name, error);
  }
}

function missingAs(name: string, error: unknown): unknown {
  const feature = optionalFeature(name);
  return isMissingPackage(error, feature.packages) ? new MissingDependencyError(feature) : error;
}

/** Whether a package resolves from Skein's own place (its node_modules, or an app's above it). */
export function isInstalled(pkg: string): boolean {
  return installedVersion(pkg) !== undefined;
}

/** The version of a package as it resolves from Skein's own place; undefined when it is not installed. */
export function installedVersion(pkg: string): string | undefined {
  let file: string;
  try {
    file = fileURLToPath(import.meta.resolve(pkg));
  } catch {
    return undefined;
  }
  // The package's own package.json is the nearest one above its entry that names it.
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      name?: string;
      version?: string;
    };
    // A nested package.json (a build's `{"type": "module"}`) may repeat the name without a version.
    if (name === pkg && version) return version;
  }
  return '';
}

/** Throws a MissingDependencyError unless every package of the feature is installed. */
export function requireFeature(name: string): void {
  const feature = optionalFeature(name);
  if (!feature.packages.every(isInstalled)) throw new MissingDependencyError(feature);
}
