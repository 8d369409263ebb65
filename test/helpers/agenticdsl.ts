import assert from 'node:assert/strict';
import { compileAgenticDsl } from '../../src/dialects/agenticdsl/index.js';
import type { Diagnostic } from '../../src/ir/diagnostic.js';
import type { Skill } from '../../src/ir/skill.js';
import type { CodeService, ToolService, Tool } from '../../src/runtime/index.js';

/** Compiles a graph written in a test and returns its skill; any error fails the test with the diagnostics. */
export function load(text: string, file = 'graph.md'): Skill {
  const r = compileAgenticDsl(file, text);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  assert.deepEqual(errors.map(show), [], 'the graph has errors');
  return r.skills[0];
}

/** The diagnostics of a graph written in a test, as `line:column severity code`. */
export function diagnose(text: string): string[] {
  return compileAgenticDsl('graph.md', text).diagnostics.map(
    (d) => `${d.line}:${d.column} ${d.severity} ${d.code}`,
  );
}

/** One diagnostic as `line:column code message`. */
export function show(d: Diagnostic): string {
  return `${d.line}:${d.column} ${d.code} ${d.message}`;
}

/** A block: `### AgenticDSL \`path\`` and its YAML between the markers. */
export function block(path: string, yaml: string): string {
  return `### AgenticDSL \`${path}\`\n\n\`\`\`yaml\n# --- BEGIN AgenticDSL ---\n${yaml.trim()}\n# --- END AgenticDSL ---\n\`\`\`\n\n`;
}

/**
 * Python codelets played by JS functions, for semantics tests that need no interpreter: a codelet whose
 * code has the line `# fake: <name>` runs `functions[name]` on the context.
 */
export function fakePython(
  functions: Record<string, (context: Record<string, unknown>) => unknown>,
): CodeService & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async run(code, input) {
      const name = /# fake: (\w+)/.exec(code.source ?? '')?.[1];
      if (!name || !functions[name]) throw new Error(`no fake for codelet ${code.source}`);
      calls.push(name);
      return functions[name](input as Record<string, unknown>);
    },
  };
}

/** A codelet block that `fakePython` plays with `functions[name]`. */
export function fakeCodelet(path: string, name: string): string {
  return block(
    path,
    `type: codelet\nruntime: python3.10\ncode: |\n  # fake: ${name}\n  def main(context):\n      return {}`,
  );
}

/** Tools for the tests: `sleep` (waits `ms`, records overlap), `flaky` (fails `failures` times), `echo`. */
export function testTools(): ToolService & {
  log: string[];
  maxConcurrent: number;
  failures: number;
  inputs: Record<string, unknown>[];
} {
  let active = 0;
  const tools: Record<string, Tool> = {
    sleep: {
      name: 'sleep',
      description: '',
      async execute(input, ctx) {
        active++;
        svc.maxConcurrent = Math.max(svc.maxConcurrent, active);
        svc.log.push(`start ${input.tag}`);
        await new Promise((resolve, reject) => {
          const t = setTimeout(resolve, Number(input.ms));
          ctx.signal.addEventListener('abort', () => (clearTimeout(t), reject(new Error('aborted'))));
        });
        active--;
        svc.log.push(`end ${input.tag}`);
        return { tag: input.tag };
      },
    },
    flaky: {
      name: 'flaky',
      description: '',
      execute() {
        if (svc.failures-- > 0) throw new Error('temporary failure');
        return { ok: true };
      },
    },
    echo: { name: 'echo', description: '', execute: (input) => ({ echoed: input }) },
  };
  const svc = {
    log: [] as string[],
    maxConcurrent: 0,
    failures: 0,
    inputs: [] as Record<string, unknown>[],
    require(name: string): Tool {
      const t = tools[name];
      if (!t) throw new Error(`unknown tool ${name}`);
      return t;
    },
    async invoke(
      tool: Tool,
      input: Record<string, unknown>,
      o: { signal: AbortSignal; runId: string; log(l: string): void },
    ) {
      svc.inputs.push(input);
      const out: Record<string, unknown> = {};
      const r = await tool.execute(input, {
        out: { put: (k, v) => (out[k] = v) },
        signal: o.signal,
        workspace: '.',
        log: o.log,
      });
      return { ...out, ...(r ?? {}) };
    },
  };
  return svc;
}
