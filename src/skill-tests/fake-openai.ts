// A local server that speaks OpenAI's chat-completions protocol, answering from a script, so tests
// can run the real provider code (`compat`, `openai` with OPENAI_BASE_URL) without a real model.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tool call the assistant makes; `arguments` is sent JSON-encoded, as OpenAI does. */
export interface FakeToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** One scripted reply. `delayMs` waits before answering (cut short if the client goes away). */
export type FakeReply = { delayMs?: number } & (
  | { text: string; toolCalls?: FakeToolCall[] }
  | { toolCalls: FakeToolCall[]; text?: string }
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { hang: true }
  /** A 200 whose body is this text, as it is (a broken or truncated JSON answer). */
  | { malformed: string }
  /** The streamed answer cut off midway: half its words are sent, then the connection is dropped. */
  | { cut: string }
);

/** A chat-completions request body as the server received it. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  temperature?: number;
  max_tokens?: number;
  tools?: unknown[];
  response_format?: { type: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** One message of a received request, as OpenAI's wire format has it. */
export interface ChatMessage {
  role: string;
  content: string | { type: string; text?: string }[] | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/**
 * Replies consumed in order, or a function choosing the reply for the `index`-th request (0-based).
 * With no reply left (or `undefined` from the function) the server answers HTTP 500.
 */
export type FakeScript = FakeReply[] | ((request: ChatRequest, index: number) => FakeReply | undefined);

/** A running fake server. */
export interface FakeOpenAI {
  /** Base URL ending in `/v1`, for SKEIN_BASE_URL or OPENAI_BASE_URL. */
  url: string;
  /** Every chat-completions request body received, parsed, in order. */
  requests: ChatRequest[];
  /** The headers of each of those requests. */
  headers: IncomingHttpHeaders[];
  /** Stops the server, cutting any hanging reply. */
  close(): Promise<void>;
}

/** Starts a fake OpenAI chat-completions server on 127.0.0.1 at a random port. */
export async function startFakeOpenAI(script: FakeScript): Promise<FakeOpenAI> {
  const requests: ChatRequest[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const nextReply = (request: ChatRequest, index: number): FakeReply | undefined =>
    typeof script === 'function' ? script(request, index) : script[index];

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      sendJson(res, 500, errorBody(`fake server: ${String(error)}`)),
    );
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'GET' && path === '/v1/models') {
      return sendJson(res, 200, {
        object: 'list',
        data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'fake' }],
      });
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      return sendJson(res, 404, errorBody(`fake server: no route ${req.method} ${path}`));
    }
    const body = JSON.parse(await readBody(req)) as ChatRequest;
    const index = requests.length;
    requests.push(body);
    headers.push(req.headers);
    const reply = nextReply(body, index);
    if (!reply) return sendJson(res, 500, errorBody('fake server: no scripted reply left'));
    const gone = whenClosed(res);
    if (reply.delayMs) await Promise.race([wait(reply.delayMs), gone]);
    if (res.destroyed) return;
    if ('hang' in reply) return void (await gone);
    if ('status' in reply) return sendError(res, reply);
    if ('malformed' in reply) {
      res.writeHead(200, { 'content-type': body.stream ? 'text/event-stream' : 'application/json' });
      return void res.end(reply.malformed);
    }
    if ('cut' in reply) return cutStream(res, body, reply.cut);
    const message = { text: reply.text ?? '', toolCalls: reply.toolCalls ?? [] };
    if (body.stream) return streamAnswer(res, body, message);
    sendJson(res, 200, answer(body, message));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The text of one received message, whether sent as a string or as content parts. */
export function messageText(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  return (message.content ?? []).map((part) => part.text ?? '').join('');
}

interface Answer {
  text: string;
  toolCalls: FakeToolCall[];
}

let nextId = 0;

function answer(request: ChatRequest, message: Answer) {
  const toolCalls = message.toolCalls.map((call) => ({
    id: `call_${++nextId}`,
    type: 'function' as const,
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  return {
    id: `chatcmpl-${++nextId}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: message.text || null,
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
      },
    ],
    usage: usage(request, message),
  };
}

/** Streams the answer as OpenAI does: a role chunk, text by words, tool calls (name, then arguments in pieces), finish, usage, [DONE]. */
function streamAnswer(res: ServerResponse, request: ChatRequest, message: Answer): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const id = `chatcmpl-${++nextId}`;
  const created = Math.floor(Date.now() / 1000);
  const send = (choices: unknown[], extra: object = {}) =>
    res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices, ...extra })}\n\n`,
    );
  const delta = (d: object, finish: string | null = null) =>
    send([{ index: 0, delta: d, finish_reason: finish }]);

  delta({ role: 'assistant', content: '' });
  if (message.text) for (const piece of message.text.split(/(?<=\s)/)) delta({ content: piece });
  message.toolCalls.forEach((call, index) => {
    delta({
      tool_calls: [
        { index, id: `call_${++nextId}`, type: 'function', function: { name: call.name, arguments: '' } },
      ],
    });
    const args = JSON.stringify(call.arguments);
    for (let i = 0; i < args.length; i += 8)
      delta({ tool_calls: [{ index, function: { arguments: args.slice(i, i + 8) } }] });
  });
  delta({}, message.toolCalls.length ? 'tool_calls' : 'stop');
  if (request.stream_options?.include_usage) send([], { usage: usage(request, message) });
  res.end('data: [DONE]\n\n');
}

/** Streams the first half of the text's words, then drops the connection without finishing. */
function cutStream(res: ServerResponse, request: ChatRequest, text: string): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const words = text.split(/(?<=\s)/);
  for (const piece of words.slice(0, Math.ceil(words.length / 2)))
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-cut', object: 'chat.completion.chunk', created: 0, model: request.model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`,
    );
  res.destroy();
}

/** Token counts derived from text length: about four characters a token. */
function usage(request: ChatRequest, message: Answer) {
  const promptChars = request.messages.reduce((n, m) => n + messageText(m).length, 0);
  const completionChars =
    message.text.length + (message.toolCalls.length ? JSON.stringify(message.toolCalls).length : 0);
  const prompt_tokens = Math.ceil(promptChars / 4);
  const completion_tokens = Math.ceil(completionChars / 4);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

function sendError(
  res: ServerResponse,
  reply: { status: number; body?: unknown; headers?: Record<string, string> },
): void {
  const body = reply.body ?? errorBody(`fake server: HTTP ${reply.status}`);
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain' : 'application/json';
  res.writeHead(reply.status, { 'content-type': type, ...reply.headers });
  res.end(text);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function errorBody(message: string) {
  return { error: { message, type: 'fake_error', code: null } };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function whenClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => res.once('close', () => resolve()));
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
