// What `skein serve` and `skein worker` load before they start: the packages of features a request
// may never use (the model stack, the MCP SDK's server, archives) load on first use (docs/benchmarks.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ROOT } from '../../helpers/paths.js';

/** Packages `skein serve` must not load before its first request needs them. */
const LOADED_ON_FIRST_USE = /^(ai|@ai-sdk\/.*|@modelcontextprotocol\/sdk\/server\/.*|tar-stream)$/;

/** The modules a source file imports for their values, statically (type-only and dynamic imports left out). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specs: string[] = [];
  for (const s of source.statements) {
    if (ts.isImportDeclaration(s)) {
      const clause = s.importClause;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          named &&
          ts.isNamedImports(named) &&
          named.elements.every((e) => e.isTypeOnly));
      if (!onlyTypes) specs.push((s.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(s) && s.moduleSpecifier && !s.isTypeOnly)
      specs.push((s.moduleSpecifier as ts.StringLiteral).text);
  }
  return specs;
}

/** Every package reached from `entry` through static value imports, with the chain of files that reaches it. */
function packagesReached(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of valueImports(file)) {
      if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
        if (existsSync(target)) walk(target, [...chain, relative(ROOT, target)]);
      } else if (!spec.startsWith('node:') && !reached.has(spec)) reached.set(spec, chain);
    }
  };
  walk(entry, [relative(ROOT, entry)]);
  return reached;
}

for (const command of ['serve', 'worker'])
  test(`skein ${command} loads the model stack, the MCP server SDK and archives only when first used`, () => {
    const reached = packagesReached(join(ROOT, `src/cli/commands/${command}.ts`));
    const early = [...reached].filter(([name]) => LOADED_ON_FIRST_USE.test(name));
    assert.deepEqual(
      early.map(([name, chain]) => `${name} <- ${chain.join(' <- ')}`),
      [],
    );
    // The walk itself reaches what the command does load at start-up (skills are YAML).
    assert.ok(reached.has('yaml'), [...reached.keys()].join(', '));
  });
