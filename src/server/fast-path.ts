import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SkeinError } from '../errors/index.js';
import { accessLine, requestIdOf } from './middleware/access-log.js';
import { handOverBody, readIncoming } from './middleware/read-body.js';
import type { RunHub } from './run-hub.js';
import { RunRequestSchema } from './run-schemas.js';
import type { SkillCatalog } from './skill-catalog.js';
import { resultView } from './views.js';

/** A node:http request listener. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** An error's answer: its status, body and extra headers. */
export interface ErrorAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** What the fast path shares with the app (app.ts): the same checks, views and logs. */
export interface FastPathParts {
  hub: RunHub;
  catalog: SkillCatalog;
  root: string;
  bodyLimit: number;
  /** The token check, when the server asks for a token. */
  checkToken?: (authorization: string | undefined) => SkeinError | undefined;
  accessLog?: (line: string) => void;
  draining(): boolean;
  answerError(e: unknown, requestId: string): ErrorAnswer;
}

const START_RUN = /^\/v1\/skills\/([\w.-]+)\/runs$/;
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The hot route's fast path: `POST /v1/skills/{id}/runs` that waits for the run and asks for
 * nothing unusual is answered here, on Node's request, without the web Request, router and
 * validators Hono makes per request (docs/http-api.md, "Fast path"). It takes the same parts as the
 * route (the token check, the request body schema, the catalog, the run hub, the result view, the
 * error answer and the access line); every other request, and every request the route would refuse
 * (bad JSON, a bad field, an unknown skill...), goes to `next` (Hono) with its body handed over.
 */
export function fastPath(parts: FastPathParts, next: NodeListener): NodeListener {
  return (req, res) => {
    const match = req.method === 'POST' ? START_RUN.exec(req.url ?? '') : null;
    if (!match || !plain(req, parts)) return next(req, res);
    startRun(req, res, match[1], parts, next).catch(() => res.destroy());
  };
}

/** Whether a request asks for nothing the fast path leaves to Hono. */
function plain(req: IncomingMessage, parts: FastPathParts): boolean {
  const h = req.headers;
  const length = Number(h['content-length']);
  const key = h['idempotency-key'];
  return (
    !parts.draining() &&
    JSON_TYPE.test(h['content-type'] ?? '') &&
    length >= 0 &&
    length <= parts.bodyLimit &&
    h['transfer-encoding'] === undefined &&
    h.origin === undefined &&
    h.prefer === undefined &&
    !/\btext\/event-stream\b/.test(h.accept ?? '') &&
    (key === undefined || (key.length >= 1 && key.length <= 255)) &&
    !parts.checkToken?.(h.authorization)
  );
}

async function startRun(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  parts: FastPathParts,
  next: NodeListener,
): Promise<void> {
  const start = parts.accessLog ? performance.now() : 0;
  const text = await readIncoming(req, parts.bodyLimit);
  const body = startRequest(text);
  const skill = body && (await parts.catalog.find(id, body.version).catch(() => undefined));
  if (!body || !skill) {
    handOverBody(req, text);
    return next(req, res);
  }
  const requestId = requestIdOf(req.headers['x-request-id'] as string | undefined);
  let status = 200;
  let headers: Record<string, string> = {};
  let json: string;
  try {
    const result = await parts.hub.start(skill, body.input ?? {}, {
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      webhook: body.webhook,
    });
    json = JSON.stringify(resultView(result, parts.root));
  } catch (e) {
    const answer = parts.answerError(e, requestId);
    ({ status, headers } = answer);
    json = JSON.stringify(answer.body);
  }
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(json),
    'x-request-id': requestId,
  });
  res.end(json);
  parts.accessLog?.(accessLine({ requestId, method: 'POST', path: req.url!, status, start }));
}

/** The body of a start that waits for its run, when it is one the route takes; else undefined. */
function startRequest(text: string) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = RunRequestSchema.safeParse(value);
  return parsed.success && parsed.data.wait !== false ? parsed.data : undefined;
}
