import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { cors } from 'hono/cors';
import { SkeinError } from '../errors/index.js';
import { errorBody, httpStatus, sendError, toSkeinError } from './errors.js';
import { getRequestListener } from '@hono/node-server';
import { fastPath, type ErrorAnswer, type NodeListener } from './fast-path.js';
import { accessLog } from './middleware/access-log.js';
import { bearerAuth, tokenCheck } from './middleware/bearer-auth.js';
import { readBody } from './middleware/read-body.js';
import { openApiDocument, type OpenApiDocument } from './openapi.js';
import { newOpenApiApp } from './openapi-app.js';
import { awaitRoutes } from './routes/awaits.js';
import { webhookRoutes } from './routes/webhooks.js';
import { scheduleRoutes } from './routes/schedules.js';
import { diagnosticRoutes } from './routes/diagnostics.js';
import { eventRoutes } from './routes/events.js';
import { experimentRoutes } from './routes/experiments.js';
import { ExperimentReader } from './experiment-reader.js';
import { healthRoutes } from './routes/health.js';
import { routeRoutes } from './routes/route.js';
import { runRoutes } from './routes/runs.js';
import { runDiffRoutes } from './routes/run-diff.js';
import { skillRoutes } from './routes/skills.js';
import { validateRoutes } from './routes/validate.js';
import { wellKnownSkillRoutes } from './routes/well-known.js';
import { agentCardRoutes } from './routes/agent-card.js';
import { RunHub } from './run-hub.js';
import type { Skein } from '../host/index.js';
import { SKEIN_VERSION } from '../version.js';
import { SkillCatalog } from './skill-catalog.js';
import type { StreamSettings } from './sse.js';
import { findWebAssets, webRoutes } from './web-assets.js';

export interface AppOptions {
  /** The Skein the server serves (see `openSkein`). */
  skein: Skein;
  /** Bearer tokens; empty: no token is asked for (the server then binds to loopback only). */
  tokens: readonly string[];
  /** Origins allowed by CORS; empty: CORS off. */
  cors: readonly string[];
  /** Largest request body in bytes. */
  bodyLimit: number;
  /** Paths in messages are shown relative to this folder (the config's). */
  root: string;
  /** Where the access log goes (one JSON line per request); none: no access log. */
  accessLog?: (line: string) => void;
  /** Where the details of internal errors go (never to the client). */
  errorLog: (line: string) => void;
  /** Keep-alive comments on event streams; default 15 s. */
  keepAliveMs?: number;
  /** How often a run of another process is read while it is followed; default 75 ms. */
  pollMs?: number;
  /** The built web playground served at `/`; default the package's `dist/web` when it exists. */
  webDir?: string;
}

/** The server's application, for `serve` to listen with and for other surfaces to mount on. */
export interface SkeinApp {
  app: ReturnType<typeof newOpenApiApp>;
  hub: RunHub;
  /** The skills the server shows (loaded once). */
  catalog: SkillCatalog;
  /** The experiments `GET /v1/experiments` reads (closed when the server closes). */
  experiments: ExperimentReader;
  /** The token check of the API, for routes mounted beside it (`/mcp`). */
  requireToken: MiddlewareHandler;
  /** The app as a node:http listener, with the fast path of the hot route (fast-path.ts) before it. */
  listener: NodeListener;
  /** Refuses new requests (503) and ends every event stream; in-flight requests finish. */
  drain(): void;
}

/**
 * The HTTP API of the contract (docs/http-api.md): request ids and the access log, CORS when
 * origins are allowed, the body limit, bearer tokens, the `/v1` routes and `/openapi.json` made from
 * their definitions. Errors are `{"error": {"code", "message", "fields"?}}` and never carry a stack.
 */
export function createApp(options: AppOptions): SkeinApp {
  const { skein, root } = options;
  const hub = new RunHub(skein);
  const catalog = new SkillCatalog(skein);
  const experiments = new ExperimentReader(skein.config);
  const shutdown = new AbortController();
  const settings: StreamSettings = {
    hub,
    root,
    keepAliveMs: options.keepAliveMs ?? 15_000,
    pollMs: options.pollMs ?? 75,
    shutdown: shutdown.signal,
  };
  const requireToken: MiddlewareHandler = options.tokens.length
    ? bearerAuth(options.tokens)
    : (_c, next) => next();
  const app = newOpenApiApp();

  app.use(accessLog(options.accessLog));
  app.use(async (c, next) => {
    if (!shutdown.signal.aborted) return next();
    c.header('Connection', 'close');
    throw new SkeinError('shutting_down', 'the server is shutting down');
  });
  if (options.cors.length)
    app.use(
      cors({
        origin: [...options.cors],
        allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Last-Event-ID', 'X-Request-Id'],
        exposeHeaders: ['X-Request-Id'],
      }),
    );
  app.use('/v1/*', readBody(options.bodyLimit));
  app.use('/v1/*', (c, next) => (c.req.path === '/v1/health' ? next() : requireToken(c, next)));
  app.use('/openapi.json', requireToken);
  app.use('/.well-known/*', requireToken);

  app.route('/v1', healthRoutes(SKEIN_VERSION));
  app.route('/v1', skillRoutes(catalog));
  app.route('/v1', runRoutes(settings, catalog));
  app.route('/v1', runDiffRoutes(skein));
  app.route('/v1', eventRoutes(settings));
  app.route('/v1', awaitRoutes(settings));
  app.route('/v1', webhookRoutes(hub));
  app.route('/v1', scheduleRoutes(skein));
  app.route('/v1', validateRoutes(catalog));
  app.route('/v1', routeRoutes(catalog, skein));
  app.route('/v1', diagnosticRoutes(catalog, root));
  app.route('/v1', experimentRoutes(experiments, root));
  app.route('/', wellKnownSkillRoutes(skein.config.skillsPath, catalog));
  app.route('/', agentCardRoutes(catalog, options.tokens.length > 0));
  app.route('/', webRoutes(options.webDir ?? findWebAssets()));

  let doc: Promise<OpenApiDocument> | undefined;
  app.get('/openapi.json', async (c) =>
    c.json(await (doc ??= openApiDocument(app, catalog, options.tokens.length > 0))),
  );

  app.notFound((c) =>
    // The path is the client's, not a file of the server: it is not redacted.
    sendError(c, new SkeinError('not_found', `no route ${c.req.method} ${c.req.path}`)),
  );
  const answerError = (e: unknown, requestId: string): ErrorAnswer => {
    const error = toSkeinError(e, requestId);
    if (error.code === 'internal')
      options.errorLog(
        JSON.stringify({ level: 'error', requestId, error: (e as Error)?.stack ?? String(e) }) + '\n',
      );
    const status = httpStatus(error);
    return {
      status,
      body: errorBody(error, root),
      headers: status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
    };
  };
  app.onError((e, c) => {
    const answer = answerError(e, c.get('requestId') ?? '-');
    for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
    return c.json(answer.body, answer.status as ContentfulStatusCode);
  });
  const listener = fastPath(
    {
      hub,
      catalog,
      root,
      bodyLimit: options.bodyLimit,
      checkToken: options.tokens.length ? tokenCheck(options.tokens) : undefined,
      accessLog: options.accessLog,
      draining: () => shutdown.signal.aborted,
      answerError,
    },
    getRequestListener(app.fetch),
  );
  return { app, hub, catalog, experiments, requireToken, listener, drain: () => shutdown.abort() };
}
