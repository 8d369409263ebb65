import { test } from 'node:test';
import assert from 'node:assert/strict';
import { APICallError } from 'ai';
import { isRetryable, retryDelayMs } from '../../../src/models/retry-delay.js';

function httpError(statusCode: number, responseHeaders?: Record<string, string>): APICallError {
  return new APICallError({
    message: 'x',
    url: 'http://x',
    requestBodyValues: {},
    statusCode,
    responseHeaders,
  });
}

test('408, 409, 429 and 5xx are retryable; other statuses and plain errors are not', () => {
  assert.deepEqual(
    [408, 409, 429, 500, 503, 400, 401, 404].map((s) => isRetryable(httpError(s))),
    [true, true, true, true, true, false, false, false],
  );
  assert.equal(isRetryable(new Error('boom')), false);
});

test('without Retry-After: 500 ms · 2^n, capped at 8 s', () => {
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5].map((n) => retryDelayMs(httpError(500), n)),
    [500, 1000, 2000, 4000, 8000, 8000],
  );
});

test('Retry-After in seconds, as a date, or retry-after-ms wins over the backoff, up to 60 s', () => {
  assert.equal(retryDelayMs(httpError(429, { 'retry-after': '0' }), 3), 0);
  assert.equal(retryDelayMs(httpError(429, { 'retry-after': '2.5' }), 0), 2500);
  assert.equal(retryDelayMs(httpError(429, { 'retry-after-ms': '120' }), 0), 120);
  assert.equal(retryDelayMs(httpError(429, { 'retry-after': '3600' }), 0), 60_000);
  const inFiveSeconds = new Date(Date.now() + 5000).toUTCString();
  const fromDate = retryDelayMs(httpError(503, { 'retry-after': inFiveSeconds }), 0);
  assert.ok(fromDate > 3000 && fromDate <= 5000, `${fromDate}`);
  assert.equal(retryDelayMs(httpError(503, { 'retry-after': 'soon' }), 1), 1000);
});
