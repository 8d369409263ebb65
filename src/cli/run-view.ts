import type { RunEvent, RunResult } from '../runtime/index.js';
import { ProgressLine } from './progress-line.js';
import { colorFor, type Style } from './style.js';

/** The live human view of a run on stderr: steps as they run, streamed model text, tool calls. */
export function liveView(stream: NodeJS.WriteStream = process.stderr): (e: RunEvent) => void {
  const c = colorFor(stream);
  const progress = new ProgressLine(stream, c);
  let midLine = false;
  const line = (s: string) => {
    if (midLine) stream.write('\n');
    midLine = false;
    stream.write(s + '\n');
  };
  return (e) => {
    progress.clear();
    if (e.type === 'node_started') progress.wait(`${e.node}${waitingFor(e.kind)}`);
    if (e.type === 'tool_started') progress.wait(`${e.node}: ${e.tool}`);
    // A step's log line says what it waits for (`starting Python (first use)`).
    if (e.type === 'log') progress.wait(`${e.node}: ${e.text}`);
    switch (e.type) {
      case 'run_started':
        return line(c.bold(`▶ ${e.skill}@${e.version}`) + c.dim(`  run ${e.runId}`));
      case 'node_started':
        return line(
          c.cyan(`  ◆ ${e.node}`) + c.dim(` ${e.kind}${e.attempt > 1 ? ` (attempt ${e.attempt})` : ''}`),
        );
      case 'llm_delta':
        stream.write(c.dim(e.text));
        midLine = !e.text.endsWith('\n');
        return;
      case 'log':
        return line(c.dim(`    ${e.text}`));
      case 'tool_started':
        return line(c.dim(`    → ${e.tool} ${short(e.input)}`));
      case 'tool_refused':
        return line(c.yellow(`    ⊘ ${e.tool} refused: ${e.reason}`));
      case 'tool_finished':
        return line(c.dim(`    ← ${e.tool} ${short(e.output)} ${e.ms} ms`));
      case 'node_finished':
        return line(c.green(`  ✓ ${e.node}`) + c.dim(` ${e.ms} ms`));
      case 'skill_changed':
        return line(
          c.yellow(
            `  ⚑ the skill changed since this run started; it goes on with the files it started with (${e.from.slice(0, 12)})`,
          ),
        );
      case 'upgraded':
        return line(
          c.yellow(
            `  ⚑ upgraded from ${e.from.version} to ${e.to.version}: it goes on with the newest files`,
          ),
        );
      case 'node_skipped':
        return line(
          c.dim(`  – ${e.node} skipped (${e.reason === 'guard' ? 'when is false' : 'not chosen'})`),
        );
      case 'node_failed':
        return line(c.red(`  ✗ ${e.node}: ${e.error}`) + (e.willRetry ? c.dim(' (retrying)') : ''));
      case 'answer_rejected':
        return line(
          c.yellow(`    ↺ answer rejected (${e.code}): ${e.problems.join('; ')}`) +
            c.dim(e.willRetry ? ' — asking the model again' : ''),
        );
      default:
        return;
    }
  };
}

/** What a node of this kind is likely waiting for, said after a second on a terminal. */
function waitingFor(kind: string): string {
  if (kind === 'llm' || kind === 'agent') return ': waiting for the model';
  return '';
}

/** The final report of a run for a person: output as a table, the await prompt, or the error. */
export function printResult(result: RunResult, stream: NodeJS.WriteStream = process.stdout): void {
  const c: Style = colorFor(stream);
  const out: string[] = [];
  if (result.status === 'completed') {
    out.push(c.green(`completed`) + c.dim(`  run ${result.runId}`));
    out.push(...table(result.output, c));
  } else if (result.status === 'awaiting') {
    const a = result.await!;
    out.push(c.yellow(`awaiting an answer at step "${a.step}"`) + c.dim(`  run ${result.runId}`));
    out.push('', a.message.trimEnd(), '');
    const required = a.inputSchema.required ?? [];
    for (const [k, f] of Object.entries(a.inputSchema.properties ?? {})) {
      const choices = f.enum ?? (f.items as { enum?: unknown[] } | undefined)?.enum;
      out.push(
        `  ${c.bold(k)}${required.includes(k) ? '' : '?'}: ${typeName(f.type ?? (choices ? 'choice' : 'any'))}` +
          (choices ? ` (${choices.map((v) => JSON.stringify(v)).join(' | ')})` : '') +
          (f.description ? c.dim(`  ${f.description}`) : ''),
      );
    }
    out.push(
      c.dim(`resume with: skein resume ${result.runId} --input '${example(a.inputSchema.properties ?? {})}'`),
    );
  } else {
    const e = result.error!;
    out.push(
      c.red(`failed${e.step ? ` at step "${e.step}"` : ''}: ${e.message}`) +
        c.dim(`  (${e.code}, run ${result.runId})`),
    );
  }
  stream.write(out.join('\n') + '\n');
}

function table(output: unknown, c: Style): string[] {
  if (typeof output !== 'object' || output === null || Array.isArray(output))
    return [String(JSON.stringify(output, null, 2))];
  const entries = Object.entries(output);
  const width = Math.min(24, Math.max(0, ...entries.map(([k]) => k.length)));
  return entries.map(([k, v]) => {
    const text = typeof v === 'string' ? v : JSON.stringify(v, null, 2);
    const [first, ...rest] = text.split('\n');
    return [`${c.bold(k.padEnd(width))}  ${first}`, ...rest.map((l) => `${' '.repeat(width)}  ${l}`)].join(
      '\n',
    );
  });
}

function typeName(t: unknown): string {
  const types = (Array.isArray(t) ? t : [t ?? 'any']).filter((x) => x !== 'null');
  return types.join(' | ');
}

function example(props: Record<string, { type?: unknown }>): string {
  const sample: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(props)) {
    const t = Array.isArray(s.type) ? s.type[0] : s.type;
    sample[k] =
      t === 'boolean'
        ? true
        : t === 'number' || t === 'integer'
          ? 0
          : t === 'array'
            ? []
            : t === 'object'
              ? {}
              : '';
  }
  return JSON.stringify(sample);
}

function short(v: unknown): string {
  const s = JSON.stringify(v) ?? '';
  return s.length > 100 ? `${s.slice(0, 97)}…` : s;
}
