/**
 * The costs of issue 35 (operators, tokens, the audit), measured side by side in one run:
 *
 * 1. a one-slot write with its audit entry against the same write without one (the store of the
 *    commit this branch started from), at 100,000 slots, on SQLite and PostgreSQL (target: at most 15 % slower);
 * 2. `GET /api/admin/audit?limit=200`, alone and with each filter, over 1,000,000 entries against
 *    1,000, on both stores (target: at most 1.5x: an index answers it, not a scan);
 * 3. one Argon2id verification, and the p99 of a public route while sign-ins are verified without
 *    pause against a quiet run (target: within 2x).
 *
 *   flock /tmp/slotmoji-bench.lock npm run bench:audit
 *
 * Knobs: BENCH_AUDIT_SLOTS (100000), BENCH_AUDIT_ENTRIES (1000000), BENCH_AUDIT_WRITES (200 per round),
 * BENCH_AUDIT_ROUNDS (5), BENCH_AUDIT_STORES (sqlite,postgres), BENCH_AUDIT_SECONDS (5 per latency run),
 * BENCH_AUDIT_PARTS (write,pages,argon2: which of the three to run), BENCH_AUDIT_BASE (the commit whose
 * store is the "without" side of the write A/B; the last one before the audit by default).
 */
import { readCatalogueDocument } from '../src/store/bundled.js';
import { argon2UnderLoad } from './audit/argon2-load.js';
import { auditPageTimes } from './audit/audit-pages.js';
import { writeAB } from './audit/write-ab.js';
import { syntheticCatalogue } from './load/synthetic-catalogue.js';
import { describeMachine, loadAverage } from './measure/machine.js';
import { median } from './measure/rounds.js';

const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SLOTS = knob('BENCH_AUDIT_SLOTS', 100_000);
const ENTRIES = knob('BENCH_AUDIT_ENTRIES', 1_000_000);
const WRITES = knob('BENCH_AUDIT_WRITES', 200);
const ROUNDS = knob('BENCH_AUDIT_ROUNDS', 5);
const SECONDS = knob('BENCH_AUDIT_SECONDS', 5);
const PARTS = new Set((process.env['BENCH_AUDIT_PARTS'] ?? 'write,pages,argon2').split(',').map((part) => part.trim()));
const STORES = (process.env['BENCH_AUDIT_STORES'] ?? 'sqlite,postgres').split(',').map((kind) => (kind.trim() === 'postgres' ? 'postgres' : 'sqlite'));

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const ratio = (slower: number, faster: number) => `${(slower / faster).toFixed(2)}x`;
const verdict = (ok: boolean) => (ok ? 'within target' : 'OVER TARGET');
const line = (text = '') => void process.stdout.write(`${text}\n`);

async function main(): Promise<void> {
  const machine = describeMachine();
  line(`# bench:audit, ${new Date().toISOString()}, ${machine.cpuModel} x${machine.cpuCount}, load ${loadAverage()}`);
  const { categories } = await readCatalogueDocument();
  const document = syntheticCatalogue(SLOTS, categories);

  for (const kind of PARTS.has('write') ? STORES : []) {
    const ab = await writeAB(kind, document, WRITES, ROUNDS);
    const withAudit = median(ab.withAudit);
    const without = median(ab.without);
    const pairRatio = median(ab.withAudit.map((value, index) => value / (ab.without[index] ?? Number.NaN)));
    line(`\n## ${kind}: one-slot replace at ${SLOTS.toLocaleString('en-US')} slots, ${ROUNDS * WRITES} pairs of writes in turns (base ${ab.baseCommit.slice(0, 7)})`);
    line(`with audit entry ${ms(withAudit)}, without ${ms(without)} (medians); median ratio of the pairs ${pairRatio.toFixed(2)}x (${verdict(pairRatio <= 1.15)}: at most 1.15x)`);
  }

  for (const kind of PARTS.has('pages') ? STORES : []) {
    const times = await auditPageTimes(kind, 1_000, ENTRIES, 30);
    line(`\n## ${kind}: GET /api/admin/audit?limit=200, medians of 30 asked by turns, 1,000 vs ${ENTRIES.toLocaleString('en-US')} entries`);
    for (const [name, { few, many }] of times) {
      line(`${name.padEnd(16)} ${ms(few).padStart(9)} vs ${ms(many).padStart(9)}: ${ratio(many, few)} (${verdict(many <= few * 1.5)}: at most 1.5x)`);
    }
  }

  if (!PARTS.has('argon2')) return;
  const argon2 = await argon2UnderLoad({ rounds: ROUNDS, seconds: SECONDS, connections: 2, signIns: 4 });
  const quiet = median(argon2.quietP99);
  const burst = median(argon2.burstP99);
  line(`\n## Argon2id (m=19456 KiB, t=2, p=1)`);
  line(`one verification: median ${ms(median(argon2.verifyMs))} (of ${argon2.verifyMs.length}, sequential)`);
  line(`GET /api/slots?limit=20 over 2 connections, ${ROUNDS} alternating rounds of ${SECONDS} s: p99 quiet ${ms(quiet)}, during 4 sign-ins at a time ${ms(burst)} (${median(argon2.verificationsPerSecond).toFixed(0)} verifications/s): ${ratio(burst, quiet)} (${verdict(burst <= quiet * 2)}: at most 2x)`);
  line(`p50 quiet ${ms(median(argon2.quietP50))}, during sign-ins ${ms(median(argon2.burstP50))}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:audit failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
