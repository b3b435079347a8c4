/**
 * What insights (decisions §21) add to each request of the public cells (issue 49), in figures the host's
 * load does not move, where `bench:insights-cells`' requests per second scatter by a third from round to
 * round on a shared VM: the same build with insights on and with `INSIGHTS=off`,
 *
 * 1. callgrind's instructions per request (user space; bench/measure/callgrind.ts), and those less what the
 *    server does with no request at all (its timers: with insights on, the counter's flush every 5 s and
 *    the popular order every minute), counted over as long without load: under callgrind a server answers a
 *    few hundred requests a second, so its timers weigh a hundred times more per request there than at
 *    full speed; and those less V8's collections too (a full one costs tens of millions of instructions, and
 *    lands in one stretch of a few thousand requests and not in another: the allocations below say whether
 *    one side collects more); and
 * 2. bytes allocated per request, V8's own account (`--trace-gc-nvp`; bench/measure/gc-trace.ts), with the
 *    young-generation collections (scavenges) per thousand requests,
 *
 * each server on its own fresh SQLite file with the bundled catalogue, server on core 0, wrk on the rest.
 *
 * Under callgrind a stretch holds a few hundred (match) to a few thousand (play) requests, and each carries
 * wrk's new connections (their set-up, and the deoptimisations in Node's streams they bring): on − off moved
 * by 2,000–5,000 instructions a request from repeat to repeat on 2026-11-29, so this resolves a difference of
 * that size, not the counting's own few hundred (bench/history/2026-11-29.md, "Evening").
 *
 *   npm run bench:insights-instructions -- [--warm 40] [--measure 20] [--allocation 10] [--connections 8] [--repeats 1] [cell …]
 *
 * `--warm` seconds of each cell before it is counted (the JIT settles), `--measure` seconds counted under
 * callgrind (a few hundred requests a second there), `--allocation` seconds read for allocations
 * without callgrind; `--repeats` counts the cells under callgrind that many times in turn (each after its
 * warm-up), which shows how far one count moves; each `cell` given (a part of its name: `match`, `play`) narrows the cells to those.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';
import { readCatalogueDocument } from '../src/store/bundled.js';
import { loadRunner, type LoadSettings } from './load/load.js';
import { INSIGHT_CELLS, workloads, type Workload } from './load/workloads.js';
import {
  callgrindAvailable,
  callgrindWrapper,
  controlCallgrind,
  countWorkloads,
  dumpCounts,
  inclusiveInstructions,
  perRequest,
  type Counted,
  type DumpCounts,
} from './measure/callgrind.js';
import { allocationIn, GC_TRACE_FLAGS } from './measure/gc-trace.js';
import { loadAverage, singlePlacement } from './measure/machine.js';
import { readCommandLine } from './report/command-line.js';
import { killAll } from './servers/processes.js';
import { startSlotmoji } from './servers/slotmoji-server.js';

const USAGE = 'npm run bench:insights-instructions -- [--warm 40] [--measure 20] [--allocation 10] [--connections 8] [--repeats 1] [cell …]';
const {
  numbers: { warm: warmSeconds, measure: measureSeconds, allocation: allocationSeconds, connections, repeats: repeatCount },
  positionals: cellParts,
} = readCommandLine(USAGE, { warm: 40, measure: 20, allocation: 10, connections: 8, repeats: 1 }, { positionals: true });

/** V8's collections on the main thread: a full one lands in one stretch of a few thousand requests and not in the next. */
const COLLECTION = 'v8::internal::Heap::CollectGarbage(';

const SIDES = { on: { INSIGHTS: 'on' }, off: { INSIGHTS: 'off' } } as const;
type Side = keyof typeof SIDES;

/** A cell's allocations on one server: bytes and scavenges over the requests answered meanwhile. */
interface Allocated {
  readonly requests: number;
  readonly bytes: number;
  readonly scavenges: number;
}

const line = (text = '') => void process.stdout.write(`${text}\n`);

/** Each cell's allocations on a server of `side` started with V8's collection trace. */
async function allocations(side: Side, root: string, chosen: readonly Workload[], settings: LoadSettings, serverCores: string): Promise<Map<string, Allocated>> {
  const server = await startSlotmoji({
    serverEntry: join(process.cwd(), 'dist', 'server.js'),
    databasePath: join(mkdtempSync(join(root, `allocation-${side}-`)), 'catalogue.db'),
    cores: serverCores,
    nodeFlags: GC_TRACE_FLAGS,
    env: SIDES[side],
  });
  const found = new Map<string, Allocated>();
  try {
    for (const workload of chosen) {
      const run = loadRunner(workload, settings);
      const target = { url: server.url, pid: server.process.pid };
      await run(target, warmSeconds);
      const before = server.process.output().length;
      const load = await run(target, allocationSeconds);
      if (load.errors > 0 || load.requests === 0) throw new Error(`${workload.name}: ${load.errors} errors in ${load.requests} requests`);
      found.set(workload.name, { requests: load.requests, ...allocationIn(server.process.output().slice(before)) });
      process.stderr.write(`  ${side}, ${workload.name}: ${load.requests} requests read for allocations\n`);
    }
  } finally {
    await server.stop();
  }
  return found;
}

/** Each cell's instructions on a server of `side`, and its instructions per second without load. */
interface Instructions {
  /** Each repeat's counts by cell. */
  readonly repeats: readonly Map<string, Counted>[];
  /** Each repeat's main-thread instructions in V8's collections by cell. */
  readonly collections: readonly Map<string, number>[];
  readonly idlePerSecond: DumpCounts;
}

/** Each cell's instructions on a server of `side` running under callgrind, then the server's without load. */
async function instructions(side: Side, root: string, chosen: readonly Workload[], settings: LoadSettings, serverCores: string): Promise<Instructions> {
  const directory = mkdtempSync(join(root, `callgrind-${side}-`));
  const server = await startSlotmoji({
    serverEntry: join(process.cwd(), 'dist', 'server.js'),
    databasePath: join(directory, 'catalogue.db'),
    cores: serverCores,
    wrapper: callgrindWrapper(directory),
    env: SIDES[side],
  });
  try {
    process.stderr.write(`${side} under callgrind\n`);
    const repeats: Map<string, Counted>[] = [];
    const collections: Map<string, number>[] = [];
    for (let repeat = 0; repeat < repeatCount; repeat++) {
      const firstDump = 1 + repeat * chosen.length;
      repeats.push(await countWorkloads(server.url, server.process.pid, server.env, directory, chosen, settings, { warmSeconds, measureSeconds }, firstDump));
      collections.push(new Map(chosen.map(({ name }, index) => [name, inclusiveInstructions(join(directory, `callgrind.out.${firstDump + index}-01`), COLLECTION)])));
    }
    const idleStarted = performance.now();
    controlCallgrind(server.process.pid, server.env, '-i', 'on');
    await pause(measureSeconds * 1000);
    controlCallgrind(server.process.pid, server.env, '-i', 'off');
    const idleSeconds = (performance.now() - idleStarted) / 1000;
    controlCallgrind(server.process.pid, server.env, '-d');
    const idle = dumpCounts(directory, 1 + repeatCount * chosen.length);
    return { repeats, collections, idlePerSecond: { mainThread: idle.mainThread / idleSeconds, allThreads: idle.allThreads / idleSeconds } };
  } finally {
    await server.stop();
  }
}

const ratio = (on: number, off: number) => (on / off).toFixed(3);

/** Main-thread instructions per request, less what the server did without load over as long as the cell was counted. */
const lessIdle = (counted: Counted, idlePerSecond: DumpCounts) => (counted.counts.mainThread - idlePerSecond.mainThread * measureSeconds) / counted.requests;

async function main(): Promise<void> {
  if (!callgrindAvailable()) throw new Error('valgrind (with callgrind_control) is not installed: apt-get install valgrind');
  const placement = singlePlacement(availableParallelism());
  const root = mkdtempSync(join(tmpdir(), 'slotmoji-insights-instructions-'));
  try {
    const chosen = workloads(await readCatalogueDocument()).filter(
      (workload) => INSIGHT_CELLS.includes(workload.name) && (cellParts.length === 0 || cellParts.some((part) => workload.name.includes(part))),
    );
    const settings: LoadSettings = { connections, cores: placement.load, threads: placement.loadThreads, directory: root };
    const startLoad = loadAverage();
    const allocated = { on: await allocations('on', root, chosen, settings, placement.server), off: await allocations('off', root, chosen, settings, placement.server) };
    const counted = { on: await instructions('on', root, chosen, settings, placement.server), off: await instructions('off', root, chosen, settings, placement.server) };
    line(`Insights on against INSIGHTS=off, per request; wrk with ${connections} connections, ${warmSeconds} s warm-up per cell; load average ${startLoad} at the start, ${loadAverage()} at the end.`);
    line();
    line(`Instructions (callgrind, user space, ${measureSeconds} s counted per cell), main thread; "less idle" takes off what the server did as long without load, "and collections" V8's collections on the main thread too (the bytes they collect are below):`);
    line();
    line('| cell | requests off / on | off | on | ratio | off, less idle | on, less idle | on − off, less idle | ratio, less idle | off, less idle and collections | on, less idle and collections | on − off, less both | all threads, ratio |');
    line('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const [repeat, { name }] of Array.from({ length: repeatCount }, (_, index) => chosen.map((cell) => [index, cell] as const)).flat()) {
      const [on, off] = [counted.on.repeats[repeat]?.get(name) as Counted, counted.off.repeats[repeat]?.get(name) as Counted];
      const [onMain, offMain] = [perRequest(on, 'mainThread'), perRequest(off, 'mainThread')];
      const [onBusy, offBusy] = [lessIdle(on, counted.on.idlePerSecond), lessIdle(off, counted.off.idlePerSecond)];
      const allRatio = ratio(perRequest(on, 'allThreads'), perRequest(off, 'allThreads'));
      const onLean = onBusy - (counted.on.collections[repeat]?.get(name) ?? 0) / on.requests;
      const offLean = offBusy - (counted.off.collections[repeat]?.get(name) ?? 0) / off.requests;
      line(
        `| \`${name}\` (${repeat + 1}) | ${off.requests} / ${on.requests} | ${offMain.toFixed(0)} | ${onMain.toFixed(0)} | ${ratio(onMain, offMain)} | ${offBusy.toFixed(0)} | ${onBusy.toFixed(0)} | ${(onBusy - offBusy).toFixed(0)} | ${ratio(onBusy, offBusy)} | ${offLean.toFixed(0)} | ${onLean.toFixed(0)} | ${(onLean - offLean).toFixed(0)} | ${allRatio} |`,
      );
    }
    line();
    line(`Without load, instructions a second, main thread: off ${counted.off.idlePerSecond.mainThread.toFixed(0)}, on ${counted.on.idlePerSecond.mainThread.toFixed(0)}.`);
    line();
    line(`Allocations (V8's --trace-gc-nvp, young generation 1 MB, ${allocationSeconds} s read per cell; within about 1 MB over the requests read):`);
    line();
    line('| cell | requests off / on | bytes off | bytes on | on − off | scavenges per 1,000 requests off / on |');
    line('|---|---:|---:|---:|---:|---:|');
    for (const { name } of chosen) {
      const [on, off] = [allocated.on.get(name) as Allocated, allocated.off.get(name) as Allocated];
      const [onBytes, offBytes] = [on.bytes / on.requests, off.bytes / off.requests];
      line(
        `| \`${name}\` | ${off.requests} / ${on.requests} | ${offBytes.toFixed(0)} | ${onBytes.toFixed(0)} | ${(onBytes - offBytes).toFixed(0)} | ${((off.scavenges * 1000) / off.requests).toFixed(2)} / ${((on.scavenges * 1000) / on.requests).toFixed(2)} |`,
      );
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  killAll();
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
