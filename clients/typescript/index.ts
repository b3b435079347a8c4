/**
 * A typed client of the slotmoji API for Node (18+) and browsers: fetch only, its types generated
 * from the service's OpenAPI document (./schema.ts). Calls are openapi-fetch's, by path and method,
 * with parameters, bodies and answers typed; an answer of 400 or more throws a SlotmojiError.
 *
 *     const slotmoji = createSlotmojiClient({ baseUrl: 'http://127.0.0.1:3000' });
 *     const { data } = await slotmoji.GET('/api/slots/{idOrSlug}', { params: { path: { idOrSlug: 'wild-swarm' } } });
 */
import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import { follow, type FollowEvent, type FollowOptions } from './follow.js';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
export { FollowError, type CatalogueChange, type CatalogueSnapshot, type FollowEvent, type FollowOptions } from './follow.js';
export { verifyWebhook, type WebhookTestEvent } from './verify.js';

/** The JSON body of every error answer, and the one of a 429. */
export type ErrorBody = components['schemas']['Error'];
export type RateLimitExceededBody = components['schemas']['RateLimitExceeded'];

/** An answer with a status of 400 or more, thrown by every call that gets one. */
export class SlotmojiError extends Error {
  override readonly name = 'SlotmojiError';

  constructor(
    readonly status: number,
    /** The JSON error body; undefined when the answer had none (an HTML 404 page, say). */
    readonly body: ErrorBody | RateLimitExceededBody | undefined,
    /** Seconds to wait before trying again, from `Retry-After` (a 429, or a 503). */
    readonly retryAfter: number | undefined,
    readonly response: Response,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }

  /** Whether the rate limit refused the request; `body.retryAfter` then says when (Unix seconds). */
  isRateLimited(): this is SlotmojiError & { readonly body: RateLimitExceededBody; readonly retryAfter: number } {
    return this.status === 429;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).statusCode === 'number' && typeof (value as ErrorBody).message === 'string';
}

async function errorOf(response: Response): Promise<SlotmojiError> {
  let body: ErrorBody | undefined;
  if (response.headers.get('content-type')?.startsWith('application/json')) {
    const parsed: unknown = await response.clone().json().catch(() => undefined);
    if (isErrorBody(parsed)) body = parsed;
  }
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  return new SlotmojiError(response.status, body, Number.isFinite(retryAfter) ? retryAfter : undefined, response);
}

const ADMIN_PATH = /^\/api\/admin\/|^\/metrics$/;

export interface SlotmojiClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the service answers, without a trailing slash: `https://slots.example.org`. */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer …` to the admin API and /metrics only. */
  readonly adminToken?: string;
}

export type SlotmojiClient = Client<paths> & {
  /**
   * The catalogue as a snapshot and the changes after it: an async iterator that yields the snapshot
   * whenever the copy must start (again), then each change; it reconnects by itself after a dropped
   * connection and ends when `signal` aborts.
   *
   *     for await (const event of slotmoji.follow({ after: saved })) {
   *       if (event.kind === 'snapshot') replaceCopy(event.snapshot); else applyChange(event.change);
   *     }
   */
  follow(options?: FollowOptions): AsyncGenerator<FollowEvent>;
};

/**
 * The client. Redirects are not followed (`redirect: 'manual'`), so the play, legacy redirect and
 * spin calls give the 302 itself: read `response.headers.get('location')` (in Node; a browser
 * hides a manual redirect's headers, so there navigate to the URL instead).
 */
export function createSlotmojiClient(options: SlotmojiClientOptions): SlotmojiClient {
  const { adminToken, ...clientOptions } = options;
  const client = createClient<paths>({ redirect: 'manual', ...clientOptions });
  const middleware: Middleware = {
    onRequest({ request, schemaPath }) {
      if (adminToken !== undefined && ADMIN_PATH.test(schemaPath)) request.headers.set('authorization', `Bearer ${adminToken}`);
      return request;
    },
    async onResponse({ response }) {
      if (response.status >= 400) throw await errorOf(response);
      return undefined;
    },
  };
  client.use(middleware);
  const send = clientOptions.fetch;
  const transport = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: (url: string, init?: RequestInit) => (send === undefined ? globalThis.fetch(url, init) : send(new Request(url, init))),
  };
  return Object.assign(client, { follow: (followOptions?: FollowOptions) => follow(transport, followOptions) });
}
