/**
 * Keeping a copy of the catalogue with the client: `follow` yields the snapshot to start from
 * whenever one is needed, then every change after it, from the event stream; it resumes after a
 * dropped connection from the last change it gave, and starts again from a fresh snapshot when the
 * service says the copy cannot go on (a reset, a 410, an import), as it does when the database was
 * restored since the copy began: every request carries the copy's history id.
 */
import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';
import type { operations } from './schema.js';

/** `GET /api/catalogue`: every slot and the category map, with the last change they hold. */
export type CatalogueSnapshot = operations['getCatalogueSnapshot']['responses'][200]['content']['application/json'];
/** One change, as the feed lists it, the stream sends it and webhooks deliver it. */
export type CatalogueChange = operations['listChanges']['responses'][200]['content']['application/json']['changes'][number];

/** What `follow` yields: a snapshot to (re)build the copy from, or the next change to apply to it. */
export type FollowEvent = { readonly kind: 'snapshot'; readonly snapshot: CatalogueSnapshot } | { readonly kind: 'change'; readonly change: CatalogueChange };

export interface FollowOptions {
  /** Go on after this sequence (a copy kept from before); without it, start from the snapshot. */
  readonly after?: number;
  /**
   * The history id the kept copy's `after` counts in (the `history` of its snapshot): when the
   * service's database was restored since, the copy starts again from the snapshot.
   */
  readonly history?: string;
  /** Stops following (the iterator then ends). */
  readonly signal?: AbortSignal;
  /** How long to wait before reconnecting after the connection dropped; 1 s by default. */
  readonly reconnectDelayMs?: number;
}

interface Transport {
  readonly baseUrl: string;
  readonly fetch: (url: string, init?: RequestInit) => Promise<Response>;
}

/** Thrown for an answer that following cannot get past (a 400, a 401): not retried. */
export class FollowError extends Error {
  override readonly name = 'FollowError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** The snapshot, once it holds at least change `atLeast` (an instance may not have followed an import yet). */
async function snapshot(transport: Transport, atLeast: number, signal: AbortSignal | undefined): Promise<CatalogueSnapshot> {
  for (let attempt = 0; ; attempt++) {
    const response = await transport.fetch(`${transport.baseUrl}/api/catalogue`, { signal, headers: { accept: 'application/json' } });
    if (response.status === 429 || response.status === 503) {
      await response.body?.cancel();
      await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000, signal);
      continue;
    }
    if (!response.ok) throw new FollowError(`GET /api/catalogue answered ${response.status}`, response.status);
    const body = (await response.json()) as CatalogueSnapshot;
    if (body.sequence >= atLeast || attempt >= 50) return body;
    await sleep(100, signal);
  }
}

/** The events of one connection to the stream, parsed as they arrive. */
async function* events(response: Response): AsyncGenerator<EventSourceMessage> {
  if (response.body === null) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Follows the catalogue of `transport.baseUrl`; see FollowEvent. */
export async function* follow(transport: Transport, options: FollowOptions = {}): AsyncGenerator<FollowEvent> {
  const { signal } = options;
  let position: number | undefined = options.after;
  let history: string | undefined = options.history;
  let atLeast = 0;
  while (!signal?.aborted) {
    if (position === undefined) {
      const start = await snapshot(transport, atLeast, signal);
      position = start.sequence;
      history = start.history;
      yield { kind: 'snapshot', snapshot: start };
      continue;
    }
    let response: Response;
    try {
      const query = history === undefined ? '' : `?history=${encodeURIComponent(history)}`;
      response = await transport.fetch(`${transport.baseUrl}/api/changes/stream${query}`, {
        signal,
        headers: { accept: 'text/event-stream', 'last-event-id': String(position) },
      });
    } catch {
      if (signal?.aborted) return;
      await sleep(options.reconnectDelayMs ?? 1000, signal);
      continue;
    }
    if (response.status === 410) {
      position = undefined;
      continue;
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      await sleep(Math.max(Number(response.headers.get('retry-after') ?? 1) * 1000, options.reconnectDelayMs ?? 1000), signal);
      continue;
    }
    if (!response.ok) throw new FollowError(`GET /api/changes/stream answered ${response.status}: ${await response.text()}`, response.status);
    try {
      for await (const message of events(response)) {
        if (message.event === 'hello') {
          // A copy resumed without its history learns it here; one of another history starts again.
          history ??= message.data;
          if (message.data === history) continue;
        }
        if (message.event === 'reset' || message.event === 'hello') {
          position = undefined;
          break;
        }
        const change = JSON.parse(message.data) as CatalogueChange;
        if (change.sequence <= position) continue;
        yield { kind: 'change', change };
        position = change.sequence;
        if (change.type === 'catalogue.imported') {
          // Everything may have changed: the snapshot that holds the import is the new start.
          atLeast = change.sequence;
          position = undefined;
          break;
        }
      }
    } catch {
      // A dropped connection: resume from the last change given.
      if (signal?.aborted) return;
    }
    await response.body?.cancel().catch(() => undefined);
    if (position !== undefined && !signal?.aborted) await sleep(options.reconnectDelayMs ?? 1000, signal);
  }
}
