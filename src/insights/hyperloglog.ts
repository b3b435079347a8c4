/**
 * Distinct visitors as a HyperLogLog estimate (Flajolet et al., 2007): a visitor's hash picks one of
 * 2^14 registers and a rank (the place of the first 1 bit in the hash's next 32 bits); a register keeps
 * the highest rank it has seen. The standard error is 1.04/√2^14 ≈ 0.8 %, inside decisions §21's 2 %;
 * only registers that were touched are stored, so a key asked by a few visitors holds a few rows, and
 * no row can be traced back to a visitor.
 */
const PRECISION = 14;
const REGISTERS = 2 ** PRECISION;
const ALPHA = 0.7213 / (1 + 1.079 / REGISTERS);

export interface RegisterRank {
  readonly register: number;
  readonly rank: number;
}

/** The register and rank of a uniformly random hash of at least 6 bytes. */
export function registerRank(hash: Buffer): RegisterRank {
  const register = (((hash[0] ?? 0) << 8) | (hash[1] ?? 0)) >>> (16 - PRECISION);
  return { register, rank: Math.clz32(hash.readUInt32BE(2)) + 1 };
}

/**
 * The estimated number of distinct visitors from how many registers were touched (the others are 0) and
 * the sum of 2^-rank over them, as a store can sum them up: ranks are 1 to 33 and registers 2^14, so the sum is exact in a double in any order.
 */
export function estimateOf(touched: number, inverseRanks: number): number {
  const empty = REGISTERS - touched;
  const sum = empty + inverseRanks;
  const raw = (ALPHA * REGISTERS * REGISTERS) / sum;
  // Few visitors: linear counting over the empty registers is the better estimate.
  if (raw <= 2.5 * REGISTERS && empty > 0) return Math.round(REGISTERS * Math.log(REGISTERS / empty));
  return Math.round(raw);
}
