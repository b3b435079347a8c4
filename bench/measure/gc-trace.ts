/**
 * Bytes a process allocated, read from what V8 prints with `--trace-gc-nvp`: each collection's line
 * says how many bytes were allocated since the one before (`allocated=`). Summed over the lines a
 * stretch of load produced, it counts what the stretch allocated, give or take what was allocated
 * between the stretch's edges and the collections nearest them: at most one young generation, which
 * `GC_TRACE_FLAGS` pins to 1 MB so that the error stays small against thousands of requests.
 */

/** Node flags for a process whose allocations are read: the trace, and a young generation of 1 MB. */
export const GC_TRACE_FLAGS: readonly string[] = ['--trace-gc-nvp', '--min-semi-space-size=1', '--max-semi-space-size=1'];

export interface Allocation {
  /** Bytes allocated, summed over the collections in the text. */
  readonly bytes: number;
  /** Young-generation collections (scavenges) in the text. */
  readonly scavenges: number;
}

const COLLECTION_LINE = /\bgc=(\S+)\b.*?\ballocated=(\d+)/g;

/** What the `--trace-gc-nvp` lines of `output` add up to; other lines are skipped. */
export function allocationIn(output: string): Allocation {
  let bytes = 0;
  let scavenges = 0;
  for (const [, kind, allocated] of output.matchAll(COLLECTION_LINE)) {
    bytes += Number(allocated);
    if (kind === 's') scavenges += 1;
  }
  return { bytes, scavenges };
}
