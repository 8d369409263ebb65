/** An AbortSignal fired by the first Ctrl-C (the run then ends as cancelled); a second Ctrl-C exits at once. */
export function interruptSignal(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\ncancelling the run (Ctrl-C again to quit at once)\n');
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  return { signal: controller.signal, dispose: () => void process.off('SIGINT', onSigint) };
}
