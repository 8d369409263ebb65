import type { RunUsage, TraceSpan } from '../trace/index.js';
import type { Style } from './style.js';

/** A stored run's trace as an indented tree with each span's duration and its model or tool details. */
export function formatTraceTree(parts: readonly TraceSpan[], usage: RunUsage, c: Style): string {
  const lines: string[] = [];
  const origin = parts[0]?.start ?? 0;
  const walk = (span: TraceSpan, prefix: string, last: boolean, depth: number) => {
    const branch = depth === 0 ? '' : last ? '└─ ' : '├─ ';
    const offset = `+${formatMs(span.start - origin)}`.padStart(10);
    const took = span.end === undefined ? c.yellow('running') : formatMs(span.end - span.start);
    const status =
      span.status === 'error' ? c.red(' failed') : span.status === 'awaiting' ? c.yellow(' awaiting') : '';
    lines.push(`${c.dim(offset)}  ${prefix}${branch}${span.name}  ${took}${status}${details(span, c)}`);
    const next = depth === 0 ? '' : prefix + (last ? '   ' : '│  ');
    span.children.forEach((child, i) => walk(child, next, i === span.children.length - 1, depth + 1));
  };
  for (const part of parts) walk(part, '', true, 0);
  lines.push('', `usage  ${usageLine(usage)}`);
  return lines.join('\n');
}

/** `3 model calls, 1,200 in / 340 out tokens, ~$0.0021` (the cost where prices are configured). */
export function usageLine(usage: RunUsage): string {
  const calls = `${usage.calls} model call${usage.calls === 1 ? '' : 's'}`;
  const tokens = `${usage.inputTokens.toLocaleString('en')} in / ${usage.outputTokens.toLocaleString('en')} out tokens`;
  const cost = usage.costUsd === undefined ? '' : `, ~$${usage.costUsd.toFixed(4)}`;
  return `${calls}, ${tokens}${cost}`;
}

function details(span: TraceSpan, c: Style): string {
  const a = span.attributes;
  const parts: string[] = [];
  if (a['gen_ai.usage.input_tokens'] !== undefined || a['gen_ai.usage.output_tokens'] !== undefined)
    parts.push(`${a['gen_ai.usage.input_tokens'] ?? '?'} in / ${a['gen_ai.usage.output_tokens'] ?? '?'} out`);
  if (a['gen_ai.response.finish_reasons']) parts.push(String(a['gen_ai.response.finish_reasons']));
  if (typeof a['skein.node.attempt'] === 'number' && a['skein.node.attempt'] > 1)
    parts.push(`attempt ${a['skein.node.attempt']}`);
  if (a['error.message']) parts.push(c.red(String(a['error.message'])));
  return parts.length ? c.dim(`  (${parts.join(', ')})`) : '';
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
