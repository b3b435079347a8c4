import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRunner, type LoadSettings } from '../load/load.js';
import type { Workload } from '../load/workloads.js';

/**
 * valgrind's callgrind counts the instructions a process executes, whatever else the machine does:
 * the same build answering the same requests gives a count that moves by a few per cent between
 * runs (78.1k to 82.4k instructions per slug request for the baseline in three runs on one VM),
 * on a host whose speed drifts by a third. The server runs under it with counting off; the harness
 * turns counting on around a measured stretch of load and dumps the counts, one file per thread.
 */

const OUTPUT_NAME = 'callgrind.out';

/** The command prefix that runs a program under callgrind, counting off until told, writing into `directory`. */
export function callgrindWrapper(directory: string): string[] {
  return [
    'valgrind',
    '--tool=callgrind',
    '--instr-atstart=no',
    '--separate-threads=yes',
    // V8 writes and rewrites machine code at run time; valgrind must see each change.
    '--smc-check=all-non-file',
    `--callgrind-out-file=${join(directory, OUTPUT_NAME)}`,
  ];
}

/** Whether valgrind and callgrind_control are on this machine. */
export function callgrindAvailable(): boolean {
  return ['valgrind', 'callgrind_control'].every((command) => spawnSync(command, ['--version'], { encoding: 'utf8' }).status === 0);
}

/**
 * Sends `command` (`-i on`, `-i off`, `-d`) to the callgrind run of process `pid`. valgrind names its
 * control pipe after the USER and HOST variables of the process it runs, so `serverEnv` must be that
 * process's environment. callgrind_control exits 0 even when it reached no process: its "OK." is the test.
 */
export function controlCallgrind(pid: number, serverEnv: NodeJS.ProcessEnv, ...command: string[]): void {
  const result = spawnSync('callgrind_control', [...command, String(pid)], { encoding: 'utf8', env: serverEnv, timeout: 60_000 });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0 || !output.includes('OK.')) throw new Error(`callgrind_control ${command.join(' ')} ${pid} failed: ${output}`);
}

/** Instructions counted in one dump file: its `totals:` line (a `summary:` line before it may say 0). */
export function instructionsIn(dump: string): number {
  const line = /^totals: (\d+)/m.exec(dump);
  if (line === null) throw new Error('a callgrind dump without a totals line');
  return Number(line[1]);
}

/** Instructions of dump number `dump`: the main thread's and all threads' together. */
export interface DumpCounts {
  readonly mainThread: number;
  readonly allThreads: number;
}

/** The files of dump `dump` are `callgrind.out.<dump>-<thread>`, thread 01 the main one. */
export function dumpFileThread(fileName: string, dump: number): number | undefined {
  const match = new RegExp(`^${OUTPUT_NAME.replace('.', '\\.')}\\.${dump}-(\\d+)$`).exec(fileName);
  return match === null ? undefined : Number(match[1]);
}

export function dumpCounts(directory: string, dump: number): DumpCounts {
  let mainThread: number | undefined;
  let allThreads = 0;
  for (const name of readdirSync(directory)) {
    const thread = dumpFileThread(name, dump);
    if (thread === undefined) continue;
    const instructions = instructionsIn(readFileSync(join(directory, name), 'utf8'));
    allThreads += instructions;
    if (thread === 1) mainThread = instructions;
  }
  if (mainThread === undefined) throw new Error(`callgrind wrote no dump ${dump} of the main thread in ${directory}`);
  return { mainThread, allThreads };
}

/** Requests answered while callgrind counted, and the instructions it counted. */
export interface Counted {
  readonly requests: number;
  readonly counts: DumpCounts;
}

/** How long each workload is sent unmeasured (JIT and caches settle), then counted. */
export interface CountPlan {
  readonly warmSeconds: number;
  readonly measureSeconds: number;
}

/** Instructions per request of one thread, or of all. */
export const perRequest = (counted: Counted, thread: keyof DumpCounts) => counted.counts[thread] / counted.requests;

/** Counts per workload of one server running under callgrind as process `pid`, its dumps numbered from `firstDump`. */
export async function countWorkloads(
  url: string,
  pid: number,
  serverEnv: NodeJS.ProcessEnv,
  directory: string,
  chosen: readonly Workload[],
  settings: LoadSettings,
  plan: CountPlan,
  firstDump = 1,
): Promise<Map<string, Counted>> {
  const counted = new Map<string, Counted>();
  for (const [index, workload] of chosen.entries()) {
    const run = loadRunner(workload, settings);
    const target = { url, pid };
    await run(target, plan.warmSeconds);
    controlCallgrind(pid, serverEnv, '-i', 'on');
    const load = await run(target, plan.measureSeconds);
    controlCallgrind(pid, serverEnv, '-i', 'off');
    controlCallgrind(pid, serverEnv, '-d');
    if (load.errors > 0 || load.requests === 0) throw new Error(`${workload.name}: ${load.errors} errors in ${load.requests} requests under callgrind`);
    counted.set(workload.name, { requests: load.requests, counts: dumpCounts(directory, firstDump + index) });
    process.stderr.write(`  ${workload.name}: ${load.requests} requests counted\n`);
  }
  return counted;
}

/**
 * Instructions counted in `symbol` and everything it called, in the dump file at `path` (callgrind_annotate's
 * inclusive figure; 0 when the dump never entered it). For V8's collections (`v8::internal::Heap::CollectGarbage(`),
 * whose few tens of millions of instructions land in one stretch of requests and not another.
 */
export function inclusiveInstructions(path: string, symbol: string): number {
  const result = spawnSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', path], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`callgrind_annotate ${path} failed: ${result.stderr}`);
  let total = 0;
  for (const line of result.stdout.split('\n')) {
    const match = /^\s*([\d,]+) .*?:(.*)$/.exec(line);
    if (match?.[2]?.startsWith(symbol) === true) total = Math.max(total, Number((match[1] as string).replaceAll(',', '')));
  }
  return total;
}
