/** How much text waits before it is written at once rather than at the end of the turn. */
const MAX_PENDING = 64 * 1024;

/**
 * Log lines to `stream`, gathered and written once per turn of the event loop (or as soon as 64 KB
 * wait), in the order they came: one write for the lines of many requests instead of one each, which
 * cost a busy server a fifth of its requests per second (docs/benchmarks.md). What waits is written
 * when the process exits (writes to files and pipes are synchronous then on Linux).
 */
export function batchedLines(stream: NodeJS.WritableStream = process.stderr): (line: string) => void {
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending) return;
    const text = pending;
    pending = '';
    stream.write(text);
  };
  process.on('exit', flush);
  return (line) => {
    pending += line;
    if (pending.length >= MAX_PENDING) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}
