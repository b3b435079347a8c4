/** The benchmark's knobs. The harness's only reader of the environment. */
export interface BenchOptions {
  /** Catalogue sizes, in slots. */
  readonly sizes: readonly number[];
  /** Measured seconds per cell and server, split into `rounds`. */
  readonly seconds: number;
  /** Rounds per cell, alternating slotmoji and the baseline. */
  readonly rounds: number;
  /** Seconds of load on each server before its first round, not counted. */
  readonly warmupSeconds: number;
  readonly connections: number;
  /** Seconds of load per CPU profile at the largest size; 0 skips profiling. */
  readonly profileSeconds: number;
}

type Env = Readonly<Record<string, string | undefined>>;

function whole(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

function sizes(env: Env): number[] {
  const raw = env['BENCH_SIZES']?.trim() || '200,20000,100000';
  const values = raw.split(',').map((part) => part.trim().replace(/_/g, ''));
  if (values.some((value) => !/^[1-9]\d*$/.test(value))) throw new Error(`BENCH_SIZES must be slot counts separated by commas, got "${raw}"`);
  return [...new Set(values.map(Number))].sort((a, b) => a - b);
}

export function benchOptions(env: Env = process.env): BenchOptions {
  return {
    sizes: sizes(env),
    seconds: whole(env, 'BENCH_SECONDS', 10, 1),
    rounds: whole(env, 'BENCH_ROUNDS', 5, 1),
    warmupSeconds: whole(env, 'BENCH_WARMUP_SECONDS', 3, 0),
    connections: whole(env, 'BENCH_CONNECTIONS', 50, 1),
    profileSeconds: whole(env, 'BENCH_PROFILE_SECONDS', 5, 0),
  };
}
