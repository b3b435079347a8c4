import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryStreamSeats } from '../../src/ratelimit/memory-stream-seats.js';

describe('MemoryStreamSeats', () => {
  it('gives a client five seats and refuses a sixth, counting each client on its own', async () => {
    const seats = new MemoryStreamSeats();
    const five = await Promise.all(Array.from({ length: 5 }, () => seats.take('10.0.0.1')));
    assert.ok(five.every((seat) => seat !== undefined));
    assert.equal(await seats.take('10.0.0.1'), undefined);
    assert.notEqual(await seats.take('10.0.0.2'), undefined, 'another client has seats of its own');
  });

  it('frees a seat on release, once however often it is released', async () => {
    const seats = new MemoryStreamSeats(2);
    const first = seats.takeNow('c');
    assert.ok(first !== undefined && seats.takeNow('c') !== undefined);
    assert.equal(seats.takeNow('c'), undefined);
    first.release();
    first.release();
    assert.notEqual(seats.takeNow('c'), undefined, 'the freed seat');
    assert.equal(seats.takeNow('c'), undefined, 'a second release freed nothing more');
  });

  it('counts seats granted elsewhere against the limit without refusing them', () => {
    const seats = new MemoryStreamSeats(2);
    const held = [seats.hold('c'), seats.hold('c'), seats.hold('c')];
    assert.equal(seats.takeNow('c'), undefined, 'three held, limit two');
    held[0]?.release();
    held[1]?.release();
    assert.notEqual(seats.takeNow('c'), undefined);
  });
});
