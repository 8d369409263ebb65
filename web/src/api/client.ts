import type { FieldError } from './types';

const TOKEN_KEY = 'skein.token';

/** An error answer of the API: its status, code, message and the fields it names. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }
}

/** The API token the page sends, if one was given. */
export function currentToken(): string | undefined {
  return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
}

/** Keeps the token the person typed for this tab's session. */
export function saveToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
}

/** Headers with the token, when there is one. */
export function authHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const token = currentToken();
  return token ? { ...extra, Authorization: `Bearer ${token}` } : extra;
}

/** A request to the API on this page's own server; throws `ApiError` for an error answer. */
export async function api<T>(
  path: string,
  init: { method?: string; json?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const res = await fetch(`/v1${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: authHeaders(init.json === undefined ? {} : { 'Content-Type': 'application/json' }),
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    signal: init.signal,
  });
  return parse<T>(res);
}

/** The JSON of an answer, or the `ApiError` it carries. */
export async function parse<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(res.status, 'bad_answer', `the server answered ${res.status} without JSON`);
  }
  if (!res.ok) {
    const error =
      (body as { error?: { code?: string; message?: string; fields?: FieldError[] } }).error ?? {};
    throw new ApiError(
      res.status,
      error.code ?? 'error',
      error.message ?? `HTTP ${res.status}`,
      error.fields,
    );
  }
  return body as T;
}
