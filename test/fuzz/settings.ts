import fc from 'fast-check';

/** A fixed seed keeps CI runs repeatable; `FUZZ_SEED` explores (or replays) another sequence. */
const FUZZ_SEED = process.env['FUZZ_SEED'] === undefined ? 20260301 : Number(process.env['FUZZ_SEED']);

/** Runs of one property: small in CI, `FUZZ_RUNS` for the long local mode (`npm run fuzz`). */
function fuzzRuns(inCi: number): number {
  const raw = process.env['FUZZ_RUNS'];
  return raw === undefined ? inCi : Number(raw);
}

/**
 * Checks `property`, and on failure says how to replay it: fast-check's report (counterexample,
 * seed and path) preceded by the environment that reproduces the run.
 */
export async function fuzz<T>(property: fc.IAsyncProperty<T>, runsInCi: number): Promise<void> {
  const numRuns = fuzzRuns(runsInCi);
  try {
    await fc.assert(property, { seed: FUZZ_SEED, numRuns, includeErrorInReport: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`fuzz failed; replay with FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${numRuns}\n${message}`, { cause: error });
  }
}
