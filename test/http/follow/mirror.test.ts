import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PostgresStore } from '../../../src/store/postgres.js';
import { SqliteStore } from '../../../src/store/sqlite.js';
import type { Store } from '../../../src/store/store.js';
import { AUTH, startAdminApp, type AdminApp } from '../../support/admin.js';
import { slotFields } from '../../support/fixtures.js';
import { seededRandom } from '../../../bench/load/seeded-random.js';
import { Mirror, type ChangeItem } from '../../support/mirror.js';
import { createTestDatabase } from '../../support/postgres.js';
import { openStream, type SseConnection } from '../../support/sse.js';

/*
 * decisions §19: "applying the changes from a snapshot's sequence onward yields exactly the
 * catalogue of a later snapshot". A partner's copy built from nothing but the public routes, through
 * 1,000 random admin writes spread over two instances of one database, must end byte for byte equal
 * to a fresh snapshot: through the feed, and through the stream with its connection cut three times.
 * The two copies are kept at once, from the same writes: the writes are most of the file's work.
 */

const WRITES = 1_000;
const HOST = 'mirror.test';
const ENV = { PUBLIC_BASE_URL: `http://${HOST}`, RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_PER_HOUR: '1000000', RATE_LIMIT_PER_DAY: '1000000' };
const EMOJIS = ['🍒', '💎', '🎰', '🍀', '🎲', '🔥', '🌊', '🌋'];

interface Deployment {
  readonly a: AdminApp;
  readonly b: AdminApp;
  close(): Promise<void>;
}

const KINDS: readonly { readonly name: string; deploy(): Promise<Deployment> }[] = [
  {
    name: 'one SQLite file',
    async deploy() {
      const dir = mkdtempSync(join(tmpdir(), 'slotmoji-mirror-'));
      const path = join(dir, 'shared.db');
      const a = await startAdminApp(new SqliteStore(path), { env: ENV });
      const b = await startAdminApp(new SqliteStore(path), { env: ENV, deps: { heartbeatMs: 50 } });
      return { a, b, close: async () => (await a.close(), await b.close(), rmSync(dir, { recursive: true, force: true })) };
    },
  },
  {
    name: 'PostgreSQL',
    async deploy() {
      const database = await createTestDatabase();
      const store = (): Store => new PostgresStore(database.url);
      const a = await startAdminApp(store(), { env: ENV });
      const b = await startAdminApp(store(), { env: ENV, deps: { heartbeatMs: 50 } });
      return { a, b, close: async () => (await a.close(), await b.close(), await database.drop()) };
    },
  },
];

/** 1,000 random writes, each on one of the two instances: creates, replaces, deletes, category maps, and one import half way. */
async function randomWrites(apps: readonly FastifyInstance[], seed: number): Promise<void> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const ids = new Set<string>(['1', '2', '3', '4', '5', '6']);
  for (let i = 0; i < WRITES; i++) {
    const app = pick(apps);
    const emojiTags = [...new Set([pick(EMOJIS), pick(EMOJIS)])];
    const roll = random();
    if (i === WRITES / 2) {
      const exported = (await app.inject({ url: '/api/admin/catalogue', headers: AUTH })).json<{ slots: { id: string; name: string }[] }>();
      const slots = exported.slots.filter(() => random() < 0.8).map((slot) => ({ ...slot, name: `${slot.name} Imported` }));
      const answer = await app.inject({ method: 'PUT', url: '/api/admin/catalogue', headers: AUTH, payload: { slots, categories: { luck: ['🍀'] } } });
      assert.equal(answer.statusCode, 200, answer.body);
      ids.clear();
      for (const slot of slots) ids.add(String(slot.id));
    } else if (roll < 0.4 || ids.size < 3) {
      const answer = await app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: `Random ${seed} ${i}`, emojiTags }) });
      assert.equal(answer.statusCode, 201, answer.body);
      ids.add(answer.json<{ id: string }>().id);
    } else if (roll < 0.7) {
      const id = pick([...ids]);
      const answer = await app.inject({ method: 'PUT', url: `/api/admin/slots/${id}`, headers: AUTH, payload: slotFields({ name: `Replaced ${seed} ${i}`, emojiTags, rating: Math.round(random() * 50) / 10 }) });
      assert.equal(answer.statusCode, 200, answer.body);
    } else if (roll < 0.85) {
      const id = pick([...ids]);
      assert.equal((await app.inject({ method: 'DELETE', url: `/api/admin/slots/${id}`, headers: AUTH })).statusCode, 204);
      ids.delete(id);
    } else {
      const categories = { [pick(['luck', 'gems', 'fire'])]: emojiTags, sea: ['🌊'] };
      assert.equal((await app.inject({ method: 'PUT', url: '/api/admin/emojis/categories', headers: AUTH, payload: categories })).statusCode, 200);
    }
  }
}

/** The latest change, and a fresh snapshot from `app` once it holds it. */
async function freshSnapshot(app: FastifyInstance): Promise<{ latest: number; text: string }> {
  const latest = await latestChange(app);
  for (;;) {
    const answer = await app.inject({ url: '/api/catalogue', headers: { host: HOST } });
    if (answer.json<{ sequence: number }>().sequence >= latest) return { latest, text: answer.body };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Follows the feed of `app` page by page until `done()` and caught up with the latest change. */
async function followFeed(app: FastifyInstance, mirror: Mirror, done: () => boolean): Promise<void> {
  await mirror.load(app, HOST);
  for (;;) {
    // Asked before the page: a page asked for while the last write commits may not hold it yet.
    const writesOver = done();
    const answer = await app.inject({ url: `/api/changes?after=${mirror.sequence}&limit=1000`, headers: { host: HOST } });
    if (answer.statusCode === 410) {
      await mirror.load(app, HOST);
      continue;
    }
    assert.equal(answer.statusCode, 200, answer.body);
    const page = answer.json<{ changes: ChangeItem[]; next: number; latest: number }>();
    for (const change of page.changes) {
      if (!mirror.apply(change)) {
        await mirror.load(app, HOST, change.sequence);
        break;
      }
    }
    if (writesOver && mirror.sequence === page.latest && page.changes.length === 0) return;
    if (page.changes.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Follows the stream of `app` (listening on `port`) until the copy reaches `target()` (known once
 * the writes are over), cutting the connection `cuts` times part way and resuming with
 * Last-Event-ID; an import or a reset starts again from the snapshot. Resolves with how many times
 * it opened the stream again.
 */
async function followStream(app: FastifyInstance, port: number, mirror: Mirror, target: () => number | undefined, cuts: number): Promise<number> {
  await mirror.load(app, HOST);
  const reached = () => mirror.sequence === target();
  let cutsLeft = cuts;
  let reopened = -1;
  while (!reached()) {
    const stream: SseConnection = await openStream(port, '/api/changes/stream', { host: HOST, 'last-event-id': String(mirror.sequence) });
    reopened++;
    const cutAfter = cutsLeft > 0 ? 50 + Math.floor(Math.random() * 100) : Number.POSITIVE_INFINITY;
    // The heartbeat (every 50 ms here) wakes this wait while nothing changes.
    for (let index = 0; index < cutAfter && !reached(); index++) {
      await stream.until((events) => events.length > index || reached());
      const event = stream.events[index];
      if (event === undefined) break;
      if (event.event === 'reset') {
        await mirror.load(app, HOST);
        break;
      }
      const change = JSON.parse(event.data) as ChangeItem;
      if (!mirror.apply(change)) {
        await mirror.load(app, HOST, change.sequence);
        break;
      }
      if (index + 1 === cutAfter) cutsLeft--;
    }
    stream.cut();
  }
  return reopened;
}

/** The latest change of the log, as the feed says. */
async function latestChange(app: FastifyInstance): Promise<number> {
  return (await app.inject({ url: '/api/changes?after=0&limit=1', headers: { host: HOST } })).json<{ latest: number }>().latest;
}

for (const kind of KINDS) {
  describe(`a copy kept from the snapshot and the changes, two instances on ${kind.name}`, { timeout: 300_000 }, () => {
    let deployment: Deployment;
    const feedCopy = new Mirror();
    const streamCopy = new Mirror();
    let followingFeed: Promise<void>;
    let followingStream: Promise<number>;
    before(async () => {
      deployment = await kind.deploy();
      const { a, b } = deployment;
      await b.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (b.app.server.address() as AddressInfo).port;
      let writing = true;
      const goal: { latest?: number } = {};
      followingFeed = followFeed(b.app, feedCopy, () => !writing);
      followingStream = followStream(b.app, port, streamCopy, () => goal.latest, 3);
      // Each is awaited by its test; until then a failure is its test's, not an unhandled rejection.
      for (const following of [followingFeed, followingStream]) following.catch(() => undefined);
      await randomWrites([a.app, b.app], 37);
      writing = false;
      goal.latest = await latestChange(a.app);
    });
    after(async () => {
      await deployment.close();
    });

    it('through the feed, ends byte for byte equal to a fresh snapshot', async () => {
      await followingFeed;
      const fresh = await freshSnapshot(deployment.a.app);
      assert.equal(feedCopy.sequence, fresh.latest);
      assert.equal(feedCopy.text(), fresh.text);
    });

    it('through the stream cut three times, ends byte for byte equal to a fresh snapshot', async () => {
      const resumed = await followingStream;
      assert.ok(resumed >= 3, `resumed ${resumed} times`);
      const fresh = await freshSnapshot(deployment.b.app);
      assert.equal(streamCopy.sequence, fresh.latest);
      assert.equal(streamCopy.text(), fresh.text);
    });
  });
}
