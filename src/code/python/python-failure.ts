import { PythonError, type PythonFrame } from './errors.js';
import type { PythonFailure } from './protocol.js';

/** How a Python failure is worded: the time or memory limit that caused it, if one did. */
export type FailureCause = { timeoutMs: number } | { memoryMb: number } | undefined;

/**
 * Turns a failure reported by the runner into a PythonError whose message reads like Python's
 * report (type and message, then the traceback of the user's code), followed by what the code
 * printed, so that a person or an LLM can fix the code from the message alone.
 */
export function pythonError(failure: PythonFailure, output: string, cause: FailureCause): PythonError {
  const frames: PythonFrame[] = failure.frames;
  let head = `${failure.type}: ${failure.message}`;
  let code: PythonError['code'] = failure.kind;
  if (cause && 'timeoutMs' in cause) {
    code = 'timeout';
    const at = frames.at(-1);
    head = `the Python code ran longer than its time limit of ${cause.timeoutMs} ms and was stopped${at ? ` in ${at.function}(), line ${at.line}` : ''}`;
  } else if (cause && 'memoryMb' in cause) {
    code = 'memory_limit';
    head = `MemoryError: the Python code needed more memory than the sandbox allows (${cause.memoryMb} MB)`;
  }
  const parts = [head];
  if (failure.detail) parts.push(failure.detail);
  else if (frames.length) parts.push(formatTraceback(frames));
  if (output) parts.push(`Printed before the error:\n${indent(output)}`);
  return new PythonError(code, parts.join('\n'), failure.type, failure.message, frames);
}

/** Traceback entries shown at most; a longer one keeps its first and last entries. */
const MAX_ENTRIES = 30;

/** Formats frames as Python does, folding a frame repeated more than three times in a row. */
function formatTraceback(frames: readonly PythonFrame[]): string {
  let entries: string[] = [];
  for (let i = 0; i < frames.length;) {
    let end = i + 1;
    while (end < frames.length && sameFrame(frames[end], frames[i])) end++;
    const count = end - i;
    const f = frames[i];
    const text = `  File "${f.file}", line ${f.line}, in ${f.function}${f.text ? `\n    ${f.text}` : ''}`;
    for (let k = 0; k < Math.min(count, 3); k++) entries.push(text);
    if (count > 3)
      entries.push(`  [Previous line repeated ${count - 3} more time${count - 3 > 1 ? 's' : ''}]`);
    i = end;
  }
  if (entries.length > MAX_ENTRIES)
    entries = [
      ...entries.slice(0, 10),
      `  … ${entries.length - MAX_ENTRIES} more entries`,
      ...entries.slice(-(MAX_ENTRIES - 10)),
    ];
  return ['Traceback (most recent call last):', ...entries].join('\n');
}

function sameFrame(a: PythonFrame, b: PythonFrame): boolean {
  return a.file === b.file && a.line === b.line && a.function === b.function;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
