import { defineTool, type Tool } from '../../runtime/index.js';

const MAX_REDIRECTS = 5;
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * `http.request`: an HTTP(S) request to a host on the allow list (`tools.http.allow`: exact hosts,
 * `host:port`, or `*.domain` for its subdomains). Any other host is refused before connecting, and
 * so is a redirect to one. Writes `status`, `headers`, `body` (parsed when JSON) and `ok`.
 */
export function httpRequestTool(allow: readonly string[], maxBodyBytes: number): Tool {
  return defineTool({
    name: 'http.request',
    description: `Sends an HTTP request to an allowed host (${allow.length ? allow.join(', ') : 'none allowed yet: list hosts under tools.http.allow in skein.yaml'}).`,
    source: 'built-in',
    inputSchema: {
      type: 'object',
      properties: {
        url: { type: 'string', minLength: 1 },
        method: { type: 'string', default: 'GET' },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        body: { description: 'Text, or a value sent as JSON' },
        timeoutMs: { type: 'integer', minimum: 1, default: DEFAULT_TIMEOUT_MS },
      },
      required: ['url'],
    },
    outputSchema: {
      type: 'object',
      properties: {
        status: { type: 'integer' },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        body: { description: 'Parsed JSON when the response is JSON, else text' },
        ok: { type: 'boolean', description: 'Status 200–299' },
      },
    },
    async execute(input, ctx) {
      const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(input.timeoutMs as number)]);
      let url = allowedUrl(String(input.url), allow);
      let method = String(input.method).toUpperCase();
      const headers = new Headers(input.headers as Record<string, string> | undefined);
      let body = requestBody(input.body, headers);
      for (let redirects = 0; ; redirects++) {
        const response = await fetch(url, { method, headers, body, redirect: 'manual', signal }).catch(
          (e: Error) => {
            const reason =
              signal.aborted && !ctx.signal.aborted
                ? `no response within ${input.timeoutMs} ms`
                : describeFetchError(e);
            throw new Error(`${method} ${url.href}: ${reason}`, { cause: e });
          },
        );
        const location = response.headers.get('location');
        if (response.status < 300 || response.status > 399 || !location)
          return readResponse(response, maxBodyBytes);
        await response.body?.cancel();
        if (redirects === MAX_REDIRECTS)
          throw new Error(`more than ${MAX_REDIRECTS} redirects, the last one from ${url.href}`);
        const next = allowedUrl(new URL(location, url).href, allow, url);
        if (next.origin !== url.origin)
          for (const secret of ['authorization', 'cookie']) headers.delete(secret);
        if (
          response.status === 303 ||
          ((response.status === 301 || response.status === 302) && method === 'POST')
        ) {
          if (method !== 'HEAD') method = 'GET';
          body = undefined;
          headers.delete('content-type');
        }
        url = next;
      }
    },
  });
}

/** The URL, if it is http(s) and its host is on the allow list; otherwise an error saying how to allow it. */
function allowedUrl(text: string, allow: readonly string[], redirectedFrom?: URL): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`"${text}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`only http and https URLs can be requested, not ${url.protocol}`);
  if (isAllowed(url, allow)) return url;
  const via = redirectedFrom ? ` (redirected from ${redirectedFrom.host})` : '';
  throw new Error(
    `host "${url.hostname}"${via} is not allowed; add it to tools.http.allow in skein.yaml (allowed now: ${allow.length ? allow.join(', ') : 'none'})`,
  );
}

function isAllowed(url: URL, allow: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  return allow.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith('*.')) return host.endsWith(rule.slice(1));
    return rule === host || rule === url.host.toLowerCase();
  });
}

/** Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, a TLS error, …) is in its cause. */
function describeFetchError(e: Error): string {
  const cause = e.cause as { message?: string } | undefined;
  return cause?.message ? `${e.message}: ${cause.message}` : e.message;
}

/** Text goes as it is; any other value is sent as JSON (with a JSON content type unless one is given). */
function requestBody(body: unknown, headers: Headers): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

async function readResponse(response: Response, maxBytes: number): Promise<Record<string, unknown>> {
  const text = await readBody(response, maxBytes);
  const isJson = /[/+]json\b/i.test(response.headers.get('content-type') ?? '');
  let body: unknown = text;
  if (isJson && text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      // A server that labels non-JSON as JSON: keep the text.
    }
  }
  return { status: response.status, headers: Object.fromEntries(response.headers), body, ok: response.ok };
}

/** The body as text, read only up to `maxBytes`: a larger one is refused without reading the rest. */
async function readBody(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(`${declared} bytes`, maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    // Throwing out of the loop cancels the stream: the rest is not read.
    if (size > maxBytes) throw tooLarge(`more than ${maxBytes} bytes`, maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(size: string, maxBytes: number): Error {
  return new Error(
    `the response body is ${size}, more than the limit of ${maxBytes} (limits.toolOutputBytes in skein.yaml)`,
  );
}
