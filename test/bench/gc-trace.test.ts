import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { allocationIn, GC_TRACE_FLAGS } from '../../bench/measure/gc-trace.js';

/** A `--trace-gc-nvp` line as Node 20's V8 prints it, shortened to the fields read and a few around them. */
const line = (kind: string, allocated: number) =>
  `[14705:0x1acd7490]       27 ms: pause=1.1 mutator=0.9 gc=${kind} reduce_memory=0 scavenge=1.08 total_size_before=4074320 total_size_after=3149952 allocated=${allocated} promoted=89744 new_space_survived=16736`;

describe('allocations read from V8 collection traces', () => {
  it('adds up what every collection says was allocated, and counts the scavenges', () => {
    const output = [line('s', 1_000_000), '{"level":40,"msg":"a log line between them"}', line('s', 1_048_576), line('mc', 300_000)].join('\n');
    assert.deepEqual(allocationIn(output), { bytes: 2_348_576, scavenges: 2 });
  });

  it('reads nothing from output without collections', () => {
    assert.deepEqual(allocationIn('server listening\nallocated=5 without a collection kind\n'), { bytes: 0, scavenges: 0 });
  });

  it("reads the trace of this machine's node, started with the flags the bench gives a server", () => {
    const output = execFileSync(process.execPath, [...GC_TRACE_FLAGS, '-e', 'let kept = []; for (let i = 0; i < 200000; i++) { kept.push({ i }); if (kept.length > 100) kept = []; }'], { encoding: 'utf8' });
    const { bytes, scavenges } = allocationIn(output);
    // 200,000 objects of at least 16 bytes each, in a young generation of 1 MB.
    assert.ok(scavenges >= 2, `${scavenges} scavenges`);
    assert.ok(bytes >= 200_000 * 16, `${bytes} bytes`);
  });
});
