import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, it } from 'node:test';
import { hashPassword, passwordMatches } from '../../src/access/passwords.js';

/** The nice value of each thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // After the command name in parentheses, the fields from the third on.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('passwords', () => {
  it('match the password they were hashed from, and nothing else', async () => {
    const hash = await hashPassword('correct horse battery');
    assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.equal(await passwordMatches(hash, 'correct horse battery'), true);
    assert.equal(await passwordMatches(hash, 'correct horse batterY'), false);
  });

  it('a hash that cannot be read matches nothing, and the hashing goes on', async () => {
    assert.equal(await passwordMatches('not a hash', 'anything at all'), false);
    assert.equal(await passwordMatches(await hashPassword('still hashing'), 'still hashing'), true);
  });

  it('answers every one of more requests at once than there are hashing threads', async () => {
    const hash = await hashPassword('many at once');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => passwordMatches(hash, index % 2 === 0 ? 'many at once' : 'wrong')));
    assert.deepEqual(answers, [true, false, true, false, true, false]);
  });

  it('hashes on threads at the lowest priority (Linux: a thread has its own), the event loop at its own', async () => {
    // The process's own: 0 run alone, the runner's 18 in the suite (scripts/run-tests.ts).
    const own = getPriority();
    assert.notEqual(own, 19);
    await hashPassword('priority');
    const niceness = threadNiceness();
    assert.ok(niceness.includes(19), `a thread at nice 19 among ${niceness.join(', ')}`);
    assert.equal(niceness[0], own, 'the main thread keeps its priority');
  });
});
