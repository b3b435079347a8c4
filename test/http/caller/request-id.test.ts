import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { requestId } from '../../../src/http/caller/request-id.js';
import { programArguments } from '../../support/programs.js';

const withHeaders = (headers: IncomingMessage['headers']) => ({ headers }) as IncomingMessage;
const FRESH_ID = /^([\w-]{12})-([1-9]\d*)$/;

/** Parts of an id this process made: its prefix and sequence number. */
function parts(id: string): { prefix: string; sequence: number } {
  const match = FRESH_ID.exec(id);
  assert.ok(match, `${id} is not a fresh id`);
  return { prefix: match[1] as string, sequence: Number(match[2]) };
}

describe('request ids', () => {
  it('numbers the ids of one process in sequence, under one prefix, across the blocks they are cut from', () => {
    const ids = Array.from({ length: 3500 }, () => parts(requestId(withHeaders({}))));
    assert.equal(new Set(ids.map((id) => id.prefix)).size, 1);
    for (let i = 1; i < ids.length; i++) assert.equal(ids[i]?.sequence, (ids[i - 1]?.sequence ?? 0) + 1);
  });

  it('gives another process another prefix', () => {
    const mine = parts(requestId(withHeaders({}))).prefix;
    const other = (): string => execFileSync(process.execPath, programArguments('printRequestId'), { encoding: 'utf8' });
    const prefixes = [mine, parts(other()).prefix, parts(other()).prefix];
    assert.equal(new Set(prefixes).size, 3, prefixes.join(' '));
  });

  it("keeps the caller's id when it is plain, and makes one otherwise", () => {
    assert.equal(requestId(withHeaders({ 'x-request-id': 'trace-7.a_b' })), 'trace-7.a_b');
    assert.match(requestId(withHeaders({ 'x-request-id': 'two words' })), FRESH_ID);
  });
});
