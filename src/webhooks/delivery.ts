import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { publicChange, type PublicChange } from '../catalogue/records/public-change.js';
import type { LoggedChange, Store } from '../store/store.js';
import type { DeliveryAttempt, DeliveryState, EndpointSecrets, LeasedEndpoint, WebhookEndpoint } from '../store/webhooks/webhook-store.js';
import { endpointUrl } from './destination.js';
import { post, type PostOutcome, type PostVia } from './post.js';
import { DELIVERY_TIMEOUT_MS, MAX_RETRY_AFTER_MS, RETRY_DELAYS_MS } from './retry-schedule.js';
import { signedHeaders } from './signature.js';
import type { HistorySegment } from '../store/history-id.js';
import { messageIds } from './message-id.js';

export interface DeliveryOptions {
  readonly store: Store;
  /** Origin of the slot URLs in payloads (PUBLIC_BASE_URL). */
  readonly baseUrl: string;
  readonly allowPrivate: boolean;
  /** Names this instance's leases; a fresh id when not given. */
  readonly owner?: string;
  readonly now?: () => number;
  /** The delays between attempts; tests pass short ones. */
  readonly retryDelaysMs?: readonly number[];
  readonly timeoutMs?: number;
  /** How long a lease lasts before another instance may take the endpoint over; longer than the timeout. */
  readonly leaseMs?: number;
  /** How often due endpoints are looked for, besides each change this instance follows. */
  readonly pollMs?: number;
  /**
   * The least time from one round's start to the next's: the wake-ups of a burst of writes become
   * one round that delivers them all, with a lease, a few progress writes and a release, rather
   * than three store transactions per change.
   */
  readonly roundGapMs?: number;
  /**
   * While changes keep being followed (one within this long), delivery waits for a pause, so it
   * does not compete with a burst of writes for the process; never longer than `maxDeferMs` after
   * a change first waited, and never while an earlier round left deliveries undone.
   */
  readonly quietMs?: number;
  readonly maxDeferMs?: number;
  readonly onTrouble?: (error: unknown) => void;
}

/** Changes read per round trip while looking for the next one an endpoint is subscribed to. */
const PAGE = 100;
/** Endpoints leased per round. */
const LEASE_BATCH = 10;
/** Deliveries one endpoint gets per lease, so others get their turn. */
const DELIVERIES_PER_LEASE = 500;
/** Successful deliveries written to the store together. */
const FLUSH_EVERY = 100;
/** See `DeliveryOptions.roundGapMs`, `quietMs` and `maxDeferMs`. */
const ROUND_GAP_MS = 100;
const QUIET_MS = 50;
const MAX_DEFER_MS = 5_000;
/** A kept-alive connection to a receiver is closed after this long unused (Node's servers close theirs after 5 s). */
const IDLE_CONNECTION_MS = 4_000;


/** One delivery of `item` to `endpoint`, signed with its secrets: the POST and what came of it. */
export function deliver(
  endpoint: WebhookEndpoint,
  secrets: EndpointSecrets,
  messageId: string,
  item: unknown,
  at: Date,
  timeoutMs: number,
  allowPrivate: boolean,
  via: PostVia = {},
): Promise<PostOutcome> {
  const body = JSON.stringify(item);
  return post(endpointUrl(endpoint.url), body, signedHeaders(secrets, messageId, at, body), timeoutMs, allowPrivate, via);
}

/**
 * The changes after an endpoint's cursor, read from the log a page at a time as delivery moves
 * along it (not a page per delivery).
 */
class LogReader {
  private page: readonly LoggedChange[] = [];
  private index = 0;

  constructor(private readonly store: Store) {}

  /** The change right after `cursor`; undefined at the end of the log; `pruned` when the log no longer holds it. */
  async after(cursor: number): Promise<LoggedChange | { readonly pruned: number } | undefined> {
    if (this.page[this.index]?.sequence !== cursor + 1) {
      const read = await this.store.readChanges(cursor, PAGE);
      if (read.changes === undefined) return cursor >= read.latest ? undefined : { pruned: read.latest };
      this.page = read.changes;
      this.index = 0;
    }
    const change = this.page[this.index];
    if (change !== undefined) this.index++;
    return change;
  }
}


/** What became of one delivery: accepted (2xx), refused for good (410: the endpoint is disabled), or failed (to be retried). */
export type DeliveryOutcome = 'delivered' | 'failed' | 'gone';

function outcomeOf(status: number | null): DeliveryOutcome {
  if (status !== null && status >= 200 && status < 300) return 'delivered';
  return status === 410 ? 'gone' : 'failed';
}

/**
 * Delivers the change log to webhook endpoints (decisions §19) from the store's outbox: each
 * endpoint's cursor over the log, leased to one instance at a time, so deliveries go out in
 * sequence order per endpoint and never two at once. At least once: an instance that dies holding
 * a lease leaves its delivery to whoever takes the lease after it expires.
 */
export class WebhookDelivery {
  /** Deliveries attempted by this instance since it started, by outcome: for `/metrics` (decisions §20). */
  readonly outcomes: Record<DeliveryOutcome, number> = { delivered: 0, failed: 0, gone: 0 };
  private readonly owner: string;
  private readonly now: () => number;
  private readonly delays: readonly number[];
  private readonly timeoutMs: number;
  private readonly leaseMs: number;
  /** Room a lease must have left beyond a POST's timeout when it is sent: for the clocks, and the write that extends it. */
  private readonly leaseMarginMs: number;
  private readonly roundGapMs: number;
  private readonly quietMs: number;
  private readonly maxDeferMs: number;
  private timer: NodeJS.Timeout | undefined;
  /** A round waiting for the gap after the last one, or for a pause in the changes. */
  private pending: NodeJS.Timeout | undefined;
  /** `performance.now()` when the last round began, when the last change was followed, and when the first wake-up not yet served came. */
  private lastRoundAt = Number.NEGATIVE_INFINITY;
  private lastChangeAt = Number.NEGATIVE_INFINITY;
  private dueSince: number | undefined;
  /** Whether the last round stopped with deliveries left to do: the next one then waits for no pause. */
  private behind = false;
  private round: Promise<void> | undefined;
  /** Read once: a restore only fills an empty database, before any instance runs on it. */
  private segments: Promise<readonly HistorySegment[]> | undefined;
  private again = false;
  private stopped = false;
  /** Aborts the POSTs in flight at shutdown: their endpoints' leases are released for another instance. */
  private readonly shutdown = new AbortController();
  /** Kept-alive connections, one at a time per endpoint (an endpoint's deliveries are sequential). */
  private readonly agents = { http: new Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }), https: new HttpsAgent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }) };

  constructor(private readonly options: DeliveryOptions) {
    this.owner = options.owner ?? randomUUID();
    this.now = options.now ?? Date.now;
    this.delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    this.leaseMs = options.leaseMs ?? this.timeoutMs * 4;
    if (this.leaseMs <= this.timeoutMs) throw new Error('webhook delivery: the lease must outlast the timeout of a POST');
    this.leaseMarginMs = Math.min(1_000, (this.leaseMs - this.timeoutMs) / 2);
    this.roundGapMs = options.roundGapMs ?? ROUND_GAP_MS;
    this.quietMs = options.quietMs ?? QUIET_MS;
    this.maxDeferMs = options.maxDeferMs ?? MAX_DEFER_MS;
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 1000);
    this.timer.unref();
    this.wake();
  }

  /** A change was followed (written here or by another instance): deliveries are due. */
  changed(): void {
    this.lastChangeAt = performance.now();
    this.wake();
  }

  /**
   * Looks for due deliveries: at once, or once the gap since the last round has passed and the
   * changes pause (see `DeliveryOptions`), so a burst's wake-ups make one round; rounds never overlap.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.round !== undefined) {
      this.again = true;
      return;
    }
    this.dueSince ??= performance.now();
    if (this.pending !== undefined) return;
    const wait = this.waitMs();
    if (wait > 0) {
      this.pending = setTimeout(() => {
        this.pending = undefined;
        this.wake();
      }, wait);
      return;
    }
    this.lastRoundAt = performance.now();
    this.dueSince = undefined;
    this.round = this.deliverDue()
      .then(
        (behind) => void (this.behind = behind),
        (error: unknown) => {
          this.behind = false;
          this.options.onTrouble?.(error);
        },
      )
      .finally(() => {
        this.round = undefined;
        if (this.again || this.behind) {
          this.again = false;
          this.wake();
        }
      });
  }

  private waitMs(): number {
    const now = performance.now();
    const gap = this.lastRoundAt + this.roundGapMs - now;
    const pause = this.behind ? 0 : Math.min(this.lastChangeAt + this.quietMs, (this.dueSince ?? now) + this.maxDeferMs) - now;
    return Math.max(gap, pause, 0);
  }

  /**
   * Takes no new work, aborts the POSTs in flight (their changes are not counted as delivered, and
   * the leases are released, so another instance delivers them again at once) and waits for the
   * round to record where it stands.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.pending);
    this.shutdown.abort();
    await this.round;
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /** One round; true when it may have left deliveries undone (every endpoint it could lease, or one's whole share, taken). */
  private async deliverDue(): Promise<boolean> {
    const now = this.now();
    const leased = await this.options.store.webhooks.leaseDue(this.owner, now, now + this.leaseMs, LEASE_BATCH);
    const cut = await Promise.all(leased.map((endpoint) => this.deliverFrom(endpoint)));
    return leased.length === LEASE_BATCH || cut.includes(true);
  }

  /**
   * Delivers an endpoint's changes in order while it holds the lease, one POST at a time on a
   * kept-alive connection. Where delivery stands is written with its attempts in one transaction,
   * after a failure at once, after successes every `FLUSH_EVERY` (at least once allows a repeat
   * after a crash, not a loss), at the end together with the lease's release, and always before a
   * POST whose timeout the lease would not cover: no POST ever goes out on a lease that could
   * expire before it ends, so two instances never deliver to one endpoint at the same time.
   */
  /** The histories begun by restores in the database's past, which name the messages of their changes. */
  private historySegments(): Promise<readonly HistorySegment[]> {
    this.segments ??= this.options.store.historySegments().catch((error: unknown) => {
      this.segments = undefined;
      throw error;
    });
    return this.segments;
  }

  private async deliverFrom(leased: LeasedEndpoint): Promise<boolean> {
    const { endpoint, secrets } = leased;
    const { store } = this.options;
    const log = new LogReader(store);
    const messageIdOf = messageIds(await this.historySegments());
    const via: PostVia = { agent: endpoint.url.startsWith('https:') ? this.agents.https : this.agents.http, signal: this.shutdown.signal };
    let state: DeliveryState = { cursor: leased.cursor, failures: leased.failures, nextAttemptAt: this.now(), status: 'enabled' };
    let leaseUntil = leased.leaseUntil;
    let pending: DeliveryAttempt[] = [];
    let held = true;
    const flush = async (until: number | null) => {
      held = await store.webhooks.progress(endpoint.id, this.owner, pending, state, until);
      leaseUntil = until ?? 0;
      pending = [];
      return held;
    };
    let delivered = 0;
    try {
      for (; delivered < DELIVERIES_PER_LEASE && !this.stopped; delivered++) {
        const next = await this.nextItem(endpoint, state.cursor, log);
        if (next === undefined) break;
        if (next.skippedTo !== undefined) state = { ...state, cursor: next.skippedTo };
        const item = next.item;
        if (item === undefined) continue;
        if (this.now() + this.timeoutMs + this.leaseMarginMs > leaseUntil && !(await flush(this.now() + this.leaseMs))) return false;
        const at = new Date(this.now());
        const outcome = await deliver(endpoint, secrets, messageIdOf(item.sequence), item, at, this.timeoutMs, this.options.allowPrivate, via);
        // Cut short by shutdown: not an attempt of the receiver's making, so neither a failure nor a success.
        if (this.shutdown.signal.aborted && outcome.status === null) break;
        pending.push({
          endpointId: endpoint.id,
          sequence: item.sequence,
          messageId: messageIdOf(item.sequence),
          time: at.toISOString(),
          status: outcome.status,
          durationMs: outcome.durationMs,
          error: outcome.error,
        });
        state = this.after(state, item.sequence, outcome);
        this.outcomes[outcomeOf(outcome.status)] += 1;
        if (state.cursor !== item.sequence) break;
        if (pending.length >= FLUSH_EVERY && !(await flush(this.now() + this.leaseMs))) return false;
      }
      await flush(null);
      return delivered >= DELIVERIES_PER_LEASE;
    } catch (error) {
      this.options.onTrouble?.(error);
      return false;
    } finally {
      if (held && leaseUntil !== 0) await store.webhooks.release(endpoint.id, this.owner).catch((error: unknown) => this.options.onTrouble?.(error));
    }
  }

  /** Where delivery stands after an attempt at change `sequence`. */
  private after(state: DeliveryState, sequence: number, outcome: PostOutcome): DeliveryState {
    const now = this.now();
    const { status } = outcome;
    if (status !== null && status >= 200 && status < 300) return { cursor: sequence, failures: 0, nextAttemptAt: now, status: 'enabled' };
    if (status === 410) return { ...state, status: 'disabled' };
    const failures = state.failures + 1;
    const delay = this.delays[failures - 1];
    if (delay === undefined) return { ...state, failures, status: 'failing' };
    const asked = (status === 429 || status === 503) && outcome.retryAfterMs !== undefined ? Math.min(outcome.retryAfterMs, MAX_RETRY_AFTER_MS) : undefined;
    return { ...state, failures, nextAttemptAt: now + (asked ?? delay) };
  }

  /**
   * The next change after `cursor` the endpoint is subscribed to, with the cursor moved past the
   * ones it is not; undefined when there is nothing after it. When the log no longer holds the
   * change after the cursor (pruned while the endpoint was failing or off), the receiver is told
   * `catalogue.imported`, as a feed reader would be: start again from the snapshot.
   */
  private async nextItem(endpoint: WebhookEndpoint, cursor: number, log: LogReader): Promise<{ item?: PublicChange; skippedTo?: number } | undefined> {
    let skippedTo: number | undefined;
    for (let read = 0; read < PAGE; read++) {
      const change = await log.after(skippedTo ?? cursor);
      if (change === undefined) return skippedTo === undefined ? undefined : { skippedTo };
      if ('pruned' in change) return { item: { sequence: change.pruned, time: new Date(this.now()).toISOString(), type: 'catalogue.imported' }, ...(skippedTo === undefined ? {} : { skippedTo }) };
      const item = publicChange(change.sequence, change.time, change.change, this.options.baseUrl);
      if (endpoint.events.includes(item.type)) return { item, skippedTo: change.sequence - 1 };
      skippedTo = change.sequence;
    }
    return { skippedTo };
  }
}
