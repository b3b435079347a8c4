import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogueDocument } from '../../src/catalogue/records/document.js';
import { syntheticCatalogue } from '../load/synthetic-catalogue.js';
import { capture, startBaseline, verifyBaseline, type Capture } from '../servers/baseline.js';
import { cpuPerRequestUs, leastDisturbed, loadRunner, type LoadResult } from '../load/load.js';
import { memoryOf } from '../servers/processes.js';
import { measureRounds, summariseRounds } from './rounds.js';
import { loadSettings, roundPlan, type RunContext } from '../report/run-context.js';
import { importBody, importCatalogue, startSlotmoji } from '../servers/slotmoji-server.js';
import { probeSlug, workloads } from '../load/workloads.js';
import { disturbance, type Cell, type SizeReport } from '../report/verdicts.js';
import { measureWriteStall } from './write-stall.js';

const fixed = (value: number) => value.toFixed(2);

/** A measured cell as one progress line. */
function cellLine({ workload, slotmoji, baseline, ratios }: Cell): string {
  const failures = slotmoji.errors + baseline.errors + slotmoji.timeouts + baseline.timeouts;
  const figures = (result: LoadResult) =>
    `${Math.round(result.rps)} rps p99 ${fixed(result.p99Ms)} ms ${Math.round(cpuPerRequestUs(result))} µs/req, wrk ${Math.round(result.cpu.load * 100)}%`;
  return (
    `${workload}: slotmoji ${figures(slotmoji)}, baseline ${figures(baseline)}, paired ratio ${fixed(ratios.rps)}` +
    (failures > 0 ? `, ${failures} errors or timeouts` : '')
  );
}

export interface Import {
  readonly importMs: number;
  /** VmHWM of the server that did the import, read right after it. */
  readonly importPeakRssMb: number;
}

/**
 * Fills a fresh database with `document` through the admin import, which a first start (seeding the
 * bundled catalogue) makes possible; the import is the only way in the issue allows. The server is
 * started for the import alone, so its peak resident memory is the import's (and start-up's).
 */
async function loadDatabase(context: RunContext, databasePath: string, document: CatalogueDocument): Promise<Import> {
  const body = importBody(document);
  const server = await startSlotmoji({ serverEntry: context.build.serverEntry, databasePath, cores: context.placement.server });
  try {
    const importMs = await importCatalogue(server.url, body);
    const importPeakRssMb = memoryOf(server.process.pid).peakRssMb;
    context.log(`  imported ${document.slots.length} slots in ${Math.round(importMs)} ms, peak RSS ${Math.round(importPeakRssMb)} MB`);
    return { importMs, importPeakRssMb };
  } finally {
    await server.stop();
  }
}

/** A folder of its own for one catalogue size, with the synthetic catalogue of that size imported into a fresh database there. */
export async function preparedSize(
  context: RunContext,
  root: string,
  size: number,
  categories: CatalogueDocument['categories'],
  seed: number,
): Promise<{ readonly directory: string; readonly document: CatalogueDocument; readonly databasePath: string; readonly imported: Import }> {
  context.log(`${size} slots`);
  const directory = join(root, String(size));
  mkdirSync(directory);
  const document = syntheticCatalogue(size, categories, seed);
  const databasePath = join(directory, 'bench.db');
  return { directory, document, databasePath, imported: await loadDatabase(context, databasePath, document) };
}

/**
 * One catalogue size end to end, on a database already loaded with `document`: start-up and memory,
 * every workload against slotmoji and against the baseline replaying its answers, then the write stall.
 */
export async function benchSize(
  context: RunContext,
  size: number,
  document: CatalogueDocument,
  databasePath: string,
  imported: Import,
  directory: string,
): Promise<SizeReport> {
  const { placement } = context;
  const server = await startSlotmoji({ serverEntry: context.build.serverEntry, databasePath, cores: placement.server });
  try {
    const ready = memoryOf(server.process.pid);
    context.log(`  ready in ${Math.round(server.readyMs)} ms, RSS ${Math.round(ready.rssMb)} MB`);
    const list = workloads(document);
    const captures: Capture[] = [];
    for (const workload of list) captures.push(await capture(server.url, workload));
    const baseline = await startBaseline(captures, placement.server, directory);
    const cells: Cell[] = [];
    try {
      for (const [index, workload] of list.entries()) {
        const captured = captures[index] as Capture;
        await verifyBaseline(baseline.url, captured, workload);
        const run = loadRunner(workload, loadSettings(context, placement, directory));
        const targets = { slotmoji: { url: server.url, pid: server.process.pid }, baseline: { url: baseline.url, pid: baseline.process.pid } };
        // Alternating rounds, so each pair sees the machine alike; the whole series again if other jobs got in the way.
        const summary = await leastDisturbed(
          async () => summariseRounds(await measureRounds(run, targets, roundPlan(context))),
          disturbance,
          (others) => context.log(`  ${workload.name}: other jobs used ${fixed(others)} cores; measuring again`),
          context.patience,
        );
        const cell: Cell = { workload: workload.name, responseBytes: Buffer.byteLength(captured.body, 'base64'), ...summary };
        cells.push(cell);
        context.log(`  ${cellLine(cell)}`);
      }
    } finally {
      await baseline.process.stop();
    }
    const afterLoad = memoryOf(server.process.pid);
    const write = await measureWriteStall(server.url, probeSlug(document));
    context.log(
      `  writes ${write.writeMs.map(fixed).join(', ')} ms; longest read during a write ${fixed(write.maxReadDuringWriteMs)} ms, ` +
        `otherwise ${fixed(write.maxReadQuietMs)} ms`,
    );
    return {
      size,
      ...imported,
      readyMs: server.readyMs,
      rssReadyMb: ready.rssMb,
      rssAfterLoadMb: afterLoad.rssMb,
      peakRssMb: afterLoad.peakRssMb,
      cells,
      write,
    };
  } finally {
    await server.stop();
  }
}
