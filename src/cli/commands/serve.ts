import { loadConfig } from '../../config/load-config.js';
// Not the index: it would load the MCP SDK's server, which /mcp loads on its first request.
import { LiveSkills } from '../../mcp/live-skills.js';
import { mcpHttp } from '../../mcp/http.js';
import { watchSkills } from '../../mcp/watch-skills.js';
import { createApp } from '../../server/app.js';
import { openSkein } from '../../host/index.js';
import { isLoopback, listen } from '../../server/serve.js';
import { parseCommandArgs } from '../args.js';
import { printError } from '../print-error.js';
import { serveSpec } from '../specs/serve.js';
import { UsageError } from '../usage-error.js';
import { DEFAULT_CONCURRENCY } from './worker.js';
import { workerLogLine } from '../worker-log.js';
import { keepRetention } from '../retention.js';
import { batchedLines } from '../batched-lines.js';

/** `skein serve`: the HTTP API until SIGTERM or SIGINT, then a graceful shutdown (exit 0). */
export async function serveCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, serveSpec.options);
  if (positionals.length) throw new UsageError('serve takes no arguments');
  const port = Number(values.port ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError('--port is a port number (0 picks a free one)');
  const host = values.host ?? '127.0.0.1';
  const config = loadConfig();
  if (!config.server.tokens.length && !isLoopback(host)) {
    return printError(Boolean(values.json), {
      code: 'tokens_required',
      message:
        `skein serve: refusing to listen on ${host} without API tokens: anyone who can reach it could run skills. ` +
        'Set SKEIN_API_TOKENS (comma-separated) or server.tokens in skein.yaml, or listen on 127.0.0.1.',
    });
  }
  const write = batchedLines();
  // With PostgreSQL, runs go through the queue: to this server's own worker, and to skein worker processes.
  const shared = /^postgres(ql)?:\/\//.test(config.store);
  const skein = openSkein({
    config,
    dispatch: shared,
    onWorkerLog: (entry) => write(workerLogLine(entry)),
  });
  skein.schedules(); // a bad cron or time zone is a config error before anything listens
  const skeinApp = createApp({
    skein,
    tokens: config.server.tokens,
    cors: config.server.cors,
    bodyLimit: config.server.bodyLimit,
    root: config.root,
    accessLog: values.quiet ? undefined : write,
    errorLog: write,
  });
  // One library for the API and MCP: --watch reloads it, and MCP clients hear list_changed.
  const skills = new LiveSkills(skein.skills, config.skillsPath);
  const unwatch = values.watch ? watchSkills(config.skillsPath, skills) : () => undefined;
  const mcp = mcpHttp({
    skein,
    skills,
    root: config.root,
    bodyLimit: config.server.bodyLimit,
  });
  skeinApp.app.all('/mcp', skeinApp.requireToken, (c) => mcp.handle(c.req.raw));
  let server;
  let stopWorker: (() => Promise<void>) | undefined;
  let stopDeliverer: (() => Promise<void>) | undefined;
  let stopPruner: (() => Promise<void>) | undefined;
  try {
    // Store, tools, models and the skills are opened before listening: the first request does not wait.
    await skein.open();
    await skeinApp.catalog.all();
    if (shared && !values['no-worker']) stopWorker = await skein.work(DEFAULT_CONCURRENCY);
    stopDeliverer = await skein.deliverWebhooks();
    server = await listen(skeinApp, host, port);
    stopPruner = keepRetention(skein, config, (entry) => write(workerLogLine(entry)));
  } catch (e) {
    unwatch();
    await stopDeliverer?.();
    await skein.close();
    return printError(Boolean(values.json), {
      code: 'listen_failed',
      message: `skein serve: cannot start on ${host}:${port}: ${(e as Error).message}`,
    });
  }
  if (values.json) process.stdout.write(JSON.stringify({ url: server.url }) + '\n');
  else
    process.stdout.write(
      `skein serving ${server.url} (playground at /, API under /v1, OpenAPI at /openapi.json, MCP at /mcp)\n`,
    );
  const signal = await new Promise<string>((resolve) => {
    let stopping = false;
    const stop = (name: string) => (stopping ? process.exit(1) : ((stopping = true), resolve(name)));
    process.on('SIGTERM', stop).on('SIGINT', stop);
  });
  write(
    `skein serve: ${signal}: shutting down (in-flight requests and runs get ${config.server.shutdownGraceMs} ms; ${signal} again quits at once)\n`,
  );
  unwatch();
  const closing = server.close(config.server.shutdownGraceMs);
  const working = stopWorker ? stopWorkerWithin(stopWorker, config.server.shutdownGraceMs) : true;
  await mcp.close(config.server.shutdownGraceMs);
  await stopDeliverer();
  await stopPruner?.();
  if ((await closing) && (await working)) {
    await skein.close();
    return 0;
  }
  write('skein serve: runs still going were left as they are; resume them with skein resume RUN_ID\n');
  process.exit(0);
}

/** Stops the server's worker; true when the runs it drives finished within `ms`. */
function stopWorkerWithin(stop: () => Promise<void>, ms: number): Promise<boolean> {
  return Promise.race([
    stop().then(() => true),
    new Promise<false>((resolve) => setTimeout(resolve, ms, false).unref()),
  ]);
}
