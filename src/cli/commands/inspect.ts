import { findRunOrSay } from '../find-run.js';
import type { RunEvent } from '../../runtime/index.js';
import { traceOfRun, usageOfRun } from '../../trace/index.js';
import { parseCommandArgs } from '../args.js';
import { inspectSpec } from '../specs/inspect.js';
import { formatTraceTree, usageLine } from '../trace-tree.js';
import { colorFor } from '../style.js';
import { UsageError } from '../usage-error.js';
import { withSkein } from '../with-skein.js';

/** `skein inspect RUN_ID [--trace] [--json]`: the run's state and its stored events, or its trace. */
export async function inspectCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, inspectSpec.options);
  if (positionals.length !== 1) throw new UsageError('inspect needs exactly one RUN_ID');
  const json = Boolean(values.json);
  return withSkein(async (skein) => {
    const run = await findRunOrSay(skein, positionals[0], json);
    if (!run) return 1;
    const events = await skein.events(run.id);
    const usage = usageOfRun(events, skein.config.trace.prices);
    const forks = (await skein.forks(run.id)).map((f) => ({
      runId: f.id,
      step: f.forkedFrom!.step,
      status: f.status,
    }));
    if (json) {
      const body = values.trace ? { run, usage, trace: traceOfRun(events) } : { run, usage, forks, events };
      process.stdout.write(JSON.stringify(body) + '\n');
      return 0;
    }
    const c = colorFor(process.stdout);
    if (values.trace) {
      process.stdout.write(formatTraceTree(traceOfRun(events), usage, c) + '\n');
      return 0;
    }
    const lines = [
      `${c.bold(`run ${run.id}`)}  ${run.skill.id}@${run.skill.version}  ${c.dim(run.skill.source)}`,
      `status ${run.status}  created ${run.createdAt}  updated ${run.updatedAt}`,
      ...(run.skill.digest ? [c.dim(`pinned to ${run.skill.digest}`)] : []),
      ...(run.forkedFrom ? [`forked from ${run.forkedFrom.run} at step "${run.forkedFrom.step}"`] : []),
      ...forks.map((f) => `fork ${f.runId} from step "${f.step}"  ${f.status}`),
      ...(run.error ? [c.red(`error ${run.error.code}: ${run.error.message}`)] : []),
      ...(run.awaiting ? [c.yellow(`awaiting step "${run.awaiting.step}"`)] : []),
      ...(usage.calls ? [`usage ${usageLine(usage)}`] : []),
      '',
      ...events.map(
        (e) => `${String(e.seq).padStart(4)}  ${e.at.slice(11, 23)}  ${e.type.padEnd(13)} ${describe(e)}`,
      ),
    ];
    process.stdout.write(lines.join('\n') + '\n');
    return 0;
  });
}

function describe(e: RunEvent): string {
  const brief = (v: unknown) => {
    const s = JSON.stringify(v) ?? '';
    return s.length > 80 ? `${s.slice(0, 77)}…` : s;
  };
  switch (e.type) {
    case 'run_started':
      return `${e.skill}@${e.version} ${brief(e.input)}`;
    case 'node_started':
      return `${e.node} (${e.kind})${e.attempt > 1 ? ` attempt ${e.attempt}` : ''}`;
    case 'node_finished':
      return `${e.node} ${e.ms} ms ${brief(e.value)}`;
    case 'node_skipped':
      return `${e.node} (${e.reason})`;
    case 'node_failed':
      return `${e.node}: ${e.error}${e.willRetry ? ' (retrying)' : ''}`;
    case 'tool_started':
      return `${e.node} ${e.tool} ${brief(e.input)}`;
    case 'tool_finished':
      return `${e.node} ${e.tool} ${e.ms} ms ${brief(e.output)}`;
    case 'llm_usage':
      return `${e.node} ${e.model} in=${e.inputTokens ?? '?'} out=${e.outputTokens ?? '?'}`;
    case 'log':
      return `${e.node} ${e.text}`;
    case 'answer_rejected':
      return `${e.node} ${e.code}: ${e.problems.join('; ')}${e.willRetry ? ' (sent back)' : ''} ${brief(e.answer)}`;
    case 'awaiting':
      return `${e.request.step}`;
    case 'resumed':
      return `${e.node} ${brief(e.input)}`;
    case 'skill_changed':
      return `pinned to ${e.from.slice(0, 12)}; the files are now ${e.to ? e.to.slice(0, 12) : 'gone'}`;
    case 'upgraded':
      return `${e.from.version} (${e.from.digest?.slice(0, 12) ?? '?'}) → ${e.to.version} (${e.to.digest?.slice(0, 12) ?? '?'})`;
    case 'completed':
      return brief(e.output);
    case 'failed':
      return `${e.error.code}: ${e.error.message}`;
    default:
      return '';
  }
}
