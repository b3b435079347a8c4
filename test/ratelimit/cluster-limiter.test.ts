import assert from 'node:assert/strict';
import type { Worker } from 'node:cluster';
import { EventEmitter } from 'node:events';
import { describe, it } from 'node:test';
import { ClusterRateLimiter, serveRateLimits } from '../../src/ratelimit/cluster-limiter.js';
import type { RateLimitDecision } from '../../src/ratelimit/limiter.js';
import { MemoryRateLimiter } from '../../src/ratelimit/memory-limiter.js';

const NOW = Date.parse('2026-06-15T12:34:56.000Z');
const LIMITS = { perMinute: 3, perHour: 5, perDay: 100, ipv6Prefix: 56 };

/**
 * Both ends of a worker's IPC channel in one process: each message arrives a turn later, as a JSON
 * copy, the way Node's cluster channel delivers it, in order.
 */
function channelPair(): { worker: EventEmitter & { send(message: unknown): boolean }; primary: EventEmitter & { send(message: unknown): boolean } } {
  const worker = new EventEmitter() as EventEmitter & { send(message: unknown): boolean };
  const primary = new EventEmitter() as EventEmitter & { send(message: unknown): boolean };
  const deliver = (to: EventEmitter) => (message: unknown) => {
    const copy: unknown = JSON.parse(JSON.stringify(message));
    setImmediate(() => to.emit('message', copy));
    return true;
  };
  worker.send = deliver(primary);
  primary.send = deliver(worker);
  return { worker, primary };
}

describe('ClusterRateLimiter with the primary serving it', () => {
  it('answers every request of several batches, in order, exactly as one in-memory limiter would', async () => {
    const { worker, primary } = channelPair();
    serveRateLimits(primary as unknown as Worker, new MemoryRateLimiter({ limits: LIMITS, now: () => NOW }));
    const limiter = new ClusterRateLimiter(worker);
    const reference = new MemoryRateLimiter({ limits: LIMITS, now: () => NOW });
    const clients = ['203.0.113.1', '203.0.113.2', '::ffff:203.0.113.1', '2001:db8::1', '203.0.113.1', '203.0.113.2', '203.0.113.1'];

    // Two batches in flight at once: one turn's requests, then the next turn's.
    const first = clients.map((client) => limiter.consume(client));
    await new Promise((resolve) => setImmediate(resolve));
    const second = clients.map((client) => limiter.consume(client));
    const answers: RateLimitDecision[] = await Promise.all([...first, ...second]);

    assert.deepEqual(answers, [...clients, ...clients].map((client) => reference.consumeNow(client)));
    assert.ok(answers.some((answer) => !answer.allowed), 'the sequence reaches the limits');
    await limiter.close();
    await reference.close();
  });

  it('counts the addresses of one IPv6 network together in the primary, and other networks apart', async () => {
    const { worker, primary } = channelPair();
    serveRateLimits(primary as unknown as Worker, new MemoryRateLimiter({ limits: LIMITS, now: () => NOW }));
    const limiter = new ClusterRateLimiter(worker);
    const clients = ['2001:db8:0:ff01::1', '2001:db8:0:ffee::2', '2001:db8:0:fe00::1', '2001:db8:0:ff00::3', '2001:db8:0:ff7f::4'];
    const answers = await Promise.all(clients.map((client) => limiter.consume(client)));
    assert.deepEqual(answers.map((answer) => (answer.allowed ? answer.remaining : 'refused')), [2, 1, 2, 0, 'refused']);
    await limiter.close();
  });

  it('forgets a client in the primary before answering the reset', async () => {
    const { worker, primary } = channelPair();
    serveRateLimits(primary as unknown as Worker, new MemoryRateLimiter({ limits: LIMITS, now: () => NOW }));
    const limiter = new ClusterRateLimiter(worker);
    for (let i = 0; i < 3; i++) await limiter.consume('198.51.100.9');
    assert.equal((await limiter.consume('198.51.100.9')).allowed, false);
    await limiter.reset('198.51.100.9');
    assert.deepEqual(await limiter.consume('198.51.100.9'), { allowed: true, limit: 3, remaining: 2, reset: Math.ceil(NOW / 60_000) * 60, window: 'minute' });
    await limiter.close();
  });
});
