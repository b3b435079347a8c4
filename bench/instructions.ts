/**
 * Instructions per request, slotmoji against the bare node:http baseline, counted by callgrind: a
 * figure that does not drift with the host's speed, where the throughput cells of `npm run bench`
 * move by tens of percent on a shared VM. User-space instructions only: the kernel's share of a
 * request (a third or more of its CPU on loopback) is not counted, and neither is how well the
 * processor runs them (cache misses, branch mispredictions), so the ratio here is a lower bound of
 * the CPU-per-request ratio, not a substitute for it.
 *
 *   npm run bench:instructions -- [--size 200] [--warm 30] [--measure 15] [--connections 50]
 *
 * Each server runs under callgrind with counting off; per workload, wrk warms it up (counting off),
 * then counting is on for `--measure` seconds of load, and the counts are dumped. Under callgrind a
 * server answers a few hundred requests a second, so the measured stretch holds thousands of requests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCatalogueDocument } from '../src/store/bundled.js';
import { capture, startBaseline, verifyBaseline, type Capture } from './servers/baseline.js';
import { callgrindAvailable, callgrindWrapper, countWorkloads, perRequest, type Counted } from './measure/callgrind.js';
import { readCommandLine } from './report/command-line.js';
import type { LoadSettings } from './load/load.js';
import { singlePlacement } from './measure/machine.js';
import { killAll } from './servers/processes.js';
import { importBody, importCatalogue, startSlotmoji } from './servers/slotmoji-server.js';
import { syntheticCatalogue } from './load/synthetic-catalogue.js';
import { MATCH_WORKLOAD, SLUG_WORKLOAD, workloads } from './load/workloads.js';

const COUNTED = [SLUG_WORKLOAD, MATCH_WORKLOAD, 'GET /api/emojis'];

const USAGE = 'npm run bench:instructions -- [--size 200] [--warm 30] [--measure 15] [--connections 50]';
const {
  numbers: { size, warm: warmSeconds, measure: measureSeconds, connections },
} = readCommandLine(USAGE, { size: 200, warm: 30, measure: 15, connections: 50 });

const thousands = (value: number) => `${(value / 1000).toFixed(1)}k`;

async function main(): Promise<void> {
  if (!callgrindAvailable()) throw new Error('valgrind (with callgrind_control) is not installed: apt-get install valgrind');
  const placement = singlePlacement(availableParallelism());
  const root = mkdtempSync(join(tmpdir(), 'slotmoji-instructions-'));
  try {
    const document = syntheticCatalogue(size, (await readCatalogueDocument()).categories, 42);
    const chosen = workloads(document).filter((workload) => COUNTED.includes(workload.name));
    const settings: LoadSettings = { connections, cores: placement.load, threads: placement.loadThreads, directory: root };
    const plan = { warmSeconds, measureSeconds };
    const databasePath = join(root, 'catalogue.db');
    const serverEntry = join(process.cwd(), 'dist', 'server.js');

    // Import, then capture each answer for the baseline, on a server not under callgrind.
    const plain = await startSlotmoji({ serverEntry, databasePath, cores: placement.server });
    const captures: Capture[] = [];
    try {
      await importCatalogue(plain.url, importBody(document));
      for (const workload of chosen) captures.push(await capture(plain.url, workload));
    } finally {
      await plain.stop();
    }

    const baselineDirectory = mkdtempSync(join(root, 'baseline-'));
    process.stderr.write(`baseline under callgrind (${size} slots)\n`);
    const baseline = await startBaseline(captures, placement.server, baselineDirectory, callgrindWrapper(baselineDirectory));
    let baselineCounts: Map<string, Counted>;
    try {
      for (const [index, workload] of chosen.entries()) await verifyBaseline(baseline.url, captures[index] as Capture, workload);
      baselineCounts = await countWorkloads(baseline.url, baseline.process.pid, process.env, baselineDirectory, chosen, settings, plan);
    } finally {
      await baseline.process.stop();
    }

    const slotmojiDirectory = mkdtempSync(join(root, 'slotmoji-'));
    process.stderr.write(`slotmoji under callgrind (${size} slots)\n`);
    const slotmoji = await startSlotmoji({ serverEntry, databasePath, cores: placement.server, wrapper: callgrindWrapper(slotmojiDirectory) });
    let slotmojiCounts: Map<string, Counted>;
    try {
      slotmojiCounts = await countWorkloads(slotmoji.url, slotmoji.process.pid, slotmoji.env, slotmojiDirectory, chosen, settings, plan);
    } finally {
      await slotmoji.stop();
    }

    const lines = [
      `Instructions per request (callgrind, user space), ${size} slots, wrk with ${connections} connections; ${warmSeconds} s warm-up, ${measureSeconds} s counted per workload.`,
      '',
      '| workload | baseline main thread | slotmoji main thread | ratio | baseline all threads | slotmoji all threads | ratio |',
      '|---|---:|---:|---:|---:|---:|---:|',
    ];
    for (const workload of chosen) {
      const base = baselineCounts.get(workload.name) as Counted;
      const ours = slotmojiCounts.get(workload.name) as Counted;
      const [baseMain, oursMain, baseAll, oursAll] = [perRequest(base, 'mainThread'), perRequest(ours, 'mainThread'), perRequest(base, 'allThreads'), perRequest(ours, 'allThreads')];
      lines.push(
        `| \`${workload.name}\` | ${thousands(baseMain)} | ${thousands(oursMain)} | ${(oursMain / baseMain).toFixed(2)} | ${thousands(baseAll)} | ${thousands(oursAll)} | ${(oursAll / baseAll).toFixed(2)} |`,
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  killAll();
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
