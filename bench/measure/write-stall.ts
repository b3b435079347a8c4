import { Agent } from 'node:http';
import { call, headerOf } from '../load/http-client.js';
import { ADMIN_TOKEN } from '../servers/slotmoji-server.js';

/** One read every this many ms while the writes run. */
const TRICKLE_INTERVAL_MS = 5;
const WRITES = 5;
/** Quiet time before, between and after the writes, so each stall stands apart. */
const GAP_MS = 400;

export interface WriteStall {
  readonly writes: number;
  /** Client-side latency of each `PUT /api/admin/slots/{id}` (store write + snapshot rebuild + answer). */
  readonly writeMs: readonly number[];
  /** The same writes' X-Response-Time: the server's time from receipt to sending. */
  readonly writeServerMs: readonly number[];
  /** Longest read that overlapped a write: how long the event loop was blocked, at worst. */
  readonly maxReadDuringWriteMs: number;
  /** Longest read that overlapped no write: the noise floor of the measurement. */
  readonly maxReadQuietMs: number;
  readonly reads: number;
}

interface Span {
  readonly start: number;
  readonly end: number;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** A slot as the API answers it, with the fields the edits change. */
interface AnsweredSlot {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly rtp: number;
  readonly features: readonly string[];
}

/** What the `round`th write makes of `slot`: by default its description changed, which no index reads. */
export type SlotEdit = (slot: AnsweredSlot, round: number) => AnsweredSlot;

const DESCRIPTION_EDIT: SlotEdit = (slot, round) => ({ ...slot, description: `${slot.description} (edit ${round})` });

/**
 * An edit of what the search index reads: a word of the name, the RTP (a sort key and a bound) and a
 * feature (a facet), so every index made lazily moves the slot.
 */
export const SEARCHED_FIELDS_EDIT: SlotEdit = (slot, round) => ({
  ...slot,
  name: `${slot.name} Edit${round}`,
  rtp: Math.round((slot.rtp + (round % 2 === 0 ? 0.5 : -0.5)) * 100) / 100,
  features: [...slot.features.filter((feature) => !feature.startsWith('edit ')), `edit ${round}`],
});

/**
 * Replaces one slot `WRITES` times (as `edit` makes it) while a steady trickle of `GET /api/slots/{slug}`
 * runs, and reports each write's latency and the longest read that overlapped any write (the
 * event-loop stall it caused).
 */
export async function measureWriteStall(url: string, slug: string, edit: SlotEdit = DESCRIPTION_EDIT): Promise<WriteStall> {
  const original = await call(`${url}/api/slots/${slug}`);
  if (original.status !== 200) throw new Error(`GET /api/slots/${slug} answered ${original.status}`);
  const slot = JSON.parse(original.body.toString()) as AnsweredSlot;
  const agent = new Agent({ keepAlive: true });
  const reads: Span[] = [];
  const pending = new Set<Promise<void>>();
  let failure: unknown;
  const trickle = setInterval(() => {
    const start = now();
    const read = call(`${url}/api/slots/${slug}`, { agent })
      .then((reply) => {
        if (reply.status !== 200) throw new Error(`a read during the writes answered ${reply.status}`);
        reads.push({ start, end: now() });
      })
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => pending.delete(read));
    pending.add(read);
  }, TRICKLE_INTERVAL_MS);
  const writes: Span[] = [];
  const writeServerMs: number[] = [];
  try {
    await pause(GAP_MS);
    for (let round = 1; round <= WRITES; round += 1) {
      const start = now();
      const reply = await call(`${url}/api/admin/slots/${slot.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(edit(slot, round)),
      });
      writes.push({ start, end: now() });
      if (reply.status !== 200) throw new Error(`PUT /api/admin/slots/${slot.id} answered ${reply.status}: ${reply.body.toString().slice(0, 300)}`);
      writeServerMs.push(Number.parseFloat(headerOf(reply.rawHeaders, 'x-response-time') ?? 'NaN'));
      await pause(GAP_MS);
    }
  } finally {
    clearInterval(trickle);
    await Promise.all(pending);
    agent.destroy();
  }
  if (failure !== undefined) throw failure;
  const during = reads.filter((read) => writes.some((write) => overlaps(read, write)));
  const quiet = reads.filter((read) => !writes.some((write) => overlaps(read, write)));
  const longest = (spans: readonly Span[]) => Math.max(0, ...spans.map((span) => span.end - span.start));
  return {
    writes: writes.length,
    writeMs: writes.map((write) => write.end - write.start),
    writeServerMs,
    maxReadDuringWriteMs: longest(during),
    maxReadQuietMs: longest(quiet),
    reads: reads.length,
  };
}
