import { request as httpRequest, type Agent } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup, literalRefusal } from './destination.js';

/** What came of one POST to a receiver. */
export interface PostOutcome {
  /** The receiver's status; null when no answer came. */
  readonly status: number | null;
  readonly durationMs: number;
  /** From `Retry-After` (seconds or a date), when the answer carried one. */
  readonly retryAfterMs: number | undefined;
  readonly error: string | null;
}

/** Of a receiver's answer only this much is read (and thrown away): the status is what counts. */
const MAX_ANSWER_BYTES = 64 * 1024;

function retryAfter(header: string | undefined, now: number): number | undefined {
  if (header === undefined) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** How a POST is sent: on a kept-alive connection of `agent` (a fresh one of its own without), given up at `signal`. */
export interface PostVia {
  readonly agent?: Agent | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * POSTs one JSON body to `url`, never following a redirect, giving up after `timeoutMs` or at
 * `via.signal`, and reaching only public addresses unless `allowPrivate` (the address is checked as
 * a connection is made, so a kept-alive one was checked too). A kept-alive connection the receiver
 * closed as the POST went out is retried once on a fresh one: the receiver never saw that request.
 */
export function post(url: URL, body: string, headers: Readonly<Record<string, string>>, timeoutMs: number, allowPrivate: boolean, via: PostVia = {}): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  const refusal = literalRefusal(url, allowPrivate);
  if (refusal !== undefined) return Promise.resolve({ status: null, durationMs: 0, retryAfterMs: undefined, error: refusal.message });
  if (via.signal?.aborted === true) return Promise.resolve({ status: null, durationMs: 0, retryAfterMs: undefined, error: 'aborted: shutting down' });
  return new Promise((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'POST',
      agent: via.agent ?? false,
      lookup: guardedLookup(allowPrivate),
      headers: { 'content-type': 'application/json', 'user-agent': 'slotmoji-webhooks', 'content-length': String(Buffer.byteLength(body)), ...headers },
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    const abort = () => request.destroy(new Error('aborted: shutting down'));
    via.signal?.addEventListener('abort', abort, { once: true });
    const settle = (outcome: PostOutcome | Promise<PostOutcome>) => {
      clearTimeout(timer);
      via.signal?.removeEventListener('abort', abort);
      resolve(outcome);
    };
    request.on('response', (response) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) response.destroy();
      });
      const done = () => settle({ status: response.statusCode ?? null, durationMs: elapsed(), retryAfterMs: retryAfter(response.headers['retry-after'], Date.now()), error: null });
      response.on('end', done);
      response.on('close', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (request.reusedSocket && error.code === 'ECONNRESET' && via.signal?.aborted !== true) {
        settle(post(url, body, headers, Math.max(1, timeoutMs - elapsed()), allowPrivate, { signal: via.signal }));
        return;
      }
      settle({ status: null, durationMs: elapsed(), retryAfterMs: undefined, error: error.message });
    });
    request.end(body);
  });
}
