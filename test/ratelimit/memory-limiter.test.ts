import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryRateLimiter } from '../../src/ratelimit/memory-limiter.js';

const START = Date.UTC(2030, 0, 1, 12, 0, 10);
const MINUTE = 60_000;

function limiter(limits = { perMinute: 3, perHour: 5, perDay: 8, ipv6Prefix: 56 }, maxClients?: number) {
  const clock = { now: START };
  const instance = new MemoryRateLimiter({ limits, now: () => clock.now, maxClients });
  return { limiter: instance, clock };
}

async function consumeTimes(subject: MemoryRateLimiter, client: string, times: number) {
  const decisions = [];
  for (let i = 0; i < times; i += 1) decisions.push(await subject.consume(client));
  return decisions;
}

describe('MemoryRateLimiter', () => {
  it('counts down the minute window and rejects past it, with its reset at the end of the minute', async () => {
    const { limiter: subject } = limiter();
    const decisions = await consumeTimes(subject, '10.0.0.1', 4);
    assert.deepEqual(
      decisions.map((d) => [d.allowed, d.remaining, d.window]),
      [[true, 2, 'minute'], [true, 1, 'minute'], [true, 0, 'minute'], [false, 0, 'minute']],
    );
    assert.ok(decisions.every((d) => d.limit === 3 && d.reset === Date.UTC(2030, 0, 1, 12, 1) / 1000));
    await subject.close();
  });

  it('counts each client on its own', async () => {
    const { limiter: subject } = limiter();
    await consumeTimes(subject, '10.0.0.1', 3);
    assert.equal((await subject.consume('10.0.0.2')).remaining, 2);
    assert.equal((await subject.consume('::ffff:10.0.0.1')).allowed, false, 'the same client written as IPv6');
    await subject.close();
  });

  it('starts a fresh minute when the clock passes the boundary, while the hour keeps counting', async () => {
    const { limiter: subject, clock } = limiter();
    await consumeTimes(subject, '10.0.0.1', 4);
    clock.now += MINUTE;
    const next = await subject.consume('10.0.0.1');
    // Minute: 3 - 1 = 2 left; hour: 5 - 4 = 1 left, so the hour binds.
    assert.deepEqual(next, { allowed: true, limit: 5, remaining: 1, reset: Date.UTC(2030, 0, 1, 13) / 1000, window: 'hour' });
    await subject.close();
  });

  it('counts a rejected request in no window', async () => {
    const { limiter: subject, clock } = limiter({ perMinute: 2, perHour: 3, perDay: 100, ipv6Prefix: 56 });
    await consumeTimes(subject, '10.0.0.1', 2);
    const rejected = await consumeTimes(subject, '10.0.0.1', 5);
    assert.ok(rejected.every((d) => !d.allowed));
    clock.now += MINUTE;
    // Had the rejections counted, the hour would be full already.
    assert.deepEqual(
      (await consumeTimes(subject, '10.0.0.1', 2)).map((d) => [d.allowed, d.window, d.remaining]),
      [[true, 'hour', 0], [false, 'hour', 0]],
    );
    await subject.close();
  });

  it('lets the day bind when it has the fewest left, and resets it at midnight UTC', async () => {
    const { limiter: subject, clock } = limiter({ perMinute: 10, perHour: 10, perDay: 2, ipv6Prefix: 56 });
    const [first, second, third] = await consumeTimes(subject, '10.0.0.1', 3);
    assert.deepEqual([first?.window, first?.remaining, second?.remaining, third?.allowed], ['day', 1, 0, false]);
    assert.equal(third?.reset, Date.UTC(2030, 0, 2) / 1000);
    clock.now = Date.UTC(2030, 0, 2);
    assert.equal((await subject.consume('10.0.0.1')).allowed, true);
    await subject.close();
  });

  it('forgets a client on reset', async () => {
    const { limiter: subject } = limiter();
    await consumeTimes(subject, '10.0.0.1', 3);
    await consumeTimes(subject, '10.0.0.2', 1);
    await subject.reset('10.0.0.1');
    assert.equal((await subject.consume('10.0.0.1')).remaining, 2);
    assert.equal((await subject.consume('10.0.0.2')).remaining, 1, 'other clients keep their counts');
    await subject.close();
  });

  it('frees every counter once the day is over, even with no request to notice', async () => {
    const { limiter: subject, clock } = limiter();
    for (let i = 0; i < 50; i += 1) await subject.consume(`10.0.1.${i}`);
    clock.now += 5 * MINUTE;
    subject.dropExpired();
    assert.equal(subject.size, 50, 'their day counts still count');
    clock.now = Date.UTC(2030, 0, 2);
    subject.dropExpired();
    assert.equal(subject.size, 0);
    await subject.close();
  });

  it('holds at most maxClients, forgetting the longest-held client first', async () => {
    const { limiter: subject } = limiter({ perMinute: 3, perHour: 5, perDay: 8, ipv6Prefix: 56 }, 4);
    for (let i = 1; i <= 4; i += 1) await consumeTimes(subject, `10.0.0.${i}`, 3);
    await subject.consume('10.0.0.5');
    assert.equal(subject.size, 4);
    assert.equal((await subject.consume('10.0.0.1')).remaining, 2, 'the oldest client was forgotten');
    assert.equal((await subject.consume('10.0.0.3')).allowed, false, 'a newer one was kept');
    for (let i = 10; i < 30; i += 1) await subject.consume(`10.0.0.${i}`);
    assert.equal(subject.size, 4);
    await subject.close();
  });

  it('keeps counting when the clock steps back a little', async () => {
    const { limiter: subject, clock } = limiter();
    clock.now = Date.UTC(2030, 0, 1, 12, 1, 0);
    await consumeTimes(subject, '10.0.0.1', 3);
    clock.now -= 1000;
    assert.equal((await subject.consume('10.0.0.1')).allowed, false);
    await subject.close();
  });
});
