import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCpuMeter, waitForQuiet, type CpuUse } from '../measure/cpu.js';
import { spawnPinned } from '../servers/processes.js';
import type { Workload } from './workloads.js';

export interface LoadSettings {
  readonly connections: number;
  /** Cores wrk runs on; it gets one thread per core. */
  readonly cores: string;
  readonly threads: number;
  /** Where the Lua scripts go. */
  readonly directory: string;
}

/** A server under load: where to send requests, and which process to meter. */
export interface LoadTarget {
  readonly url: string;
  readonly pid: number;
}

export interface LoadResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Connect, read and write errors, and answers with a status of 400 or more (an error where the capture saw the workload's status). */
  readonly errors: number;
  /** Requests with no answer within wrk's timeout. */
  readonly timeouts: number;
  /** The server (with its workers), wrk, and everything else, in cores. */
  readonly cpu: CpuUse;
  /** Wall-clock seconds `cpu` covers: cores times this is CPU-seconds. */
  readonly cpuSeconds: number;
  /** wrk threads: wrk is the limit when its CPU use nears this. */
  readonly loadThreads: number;
}

/** CPU-seconds per request answered, in µs: the server's, or wrk's (`'load'`). */
export const cpuPerRequestUs = (result: LoadResult, of: keyof CpuUse = 'server'): number => ((result.cpu[of] * result.cpuSeconds) / result.requests) * 1e6;

/** Other jobs using more than this many cores during a measurement make it disturbed. */
export const DISTURBED_CORES = 0.15;
/** No answer within this long counts as a timeout. */
const TIMEOUT_SECONDS = 10;

const RESULT_LINE = /^BENCH (\{.*\})$/m;

/** A Lua string literal holding `text`'s UTF-8 bytes, every byte outside printable ASCII escaped. */
function luaString(text: string): string {
  let literal = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    literal += byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c ? String.fromCharCode(byte) : `\\${byte}`;
  }
  return `${literal}"`;
}

/**
 * The wrk script of a workload: its method and body, and the figures printed as one JSON line at the
 * end. No `response()` callback: with one, wrk builds Lua tables for every answer and becomes the
 * bottleneck itself. Wrong statuses are counted by wrk (`summary.errors.status`: any status ≥ 400);
 * the capture before measuring checks each workload's exact status once.
 */
function script(workload: Workload): string {
  const request =
    workload.body === undefined
      ? ''
      : `wrk.method = "POST"\nwrk.body = ${luaString(workload.body)}\nwrk.headers["Content-Type"] = "application/json"\n`;
  return `${request}${DONE}`;
}

/** The end of every wrk script: the figures as one JSON line. */
const DONE = `
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCH {"requests":%d,"durationUs":%d,"errors":%d,"timeouts":%d,"status":%d,"p50":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write, e.timeout, e.status,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;

/**
 * A wrk script sending `paths` (GETs) in turn, one thread only (each wrk thread has its own Lua
 * state, and two would send the same paths); past the last it starts over, and `done` then reports
 * more requests than paths, which the caller must treat as questions repeated.
 */
function distinctScript(paths: readonly string[]): string {
  return `local paths = {${paths.map(luaString).join(',\n')}}
local sent = 0
request = function()
  sent = sent + 1
  return wrk.format(nil, paths[(sent - 1) % #paths + 1])
end
${DONE}`;
}

interface WrkFigures {
  readonly requests: number;
  readonly durationUs: number;
  readonly errors: number;
  readonly timeouts: number;
  /** Answers with a status of 400 or more. */
  readonly status: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

async function wrk(target: LoadTarget, workload: Workload, seconds: number, settings: LoadSettings, scriptPath: string): Promise<LoadResult> {
  const stopCpuMeter = startCpuMeter(target.pid);
  const args = [
    ...['-t', String(settings.threads), '-c', String(settings.connections), '-d', `${seconds}s`, '--timeout', `${TIMEOUT_SECONDS}s`],
    ...['-s', scriptPath, `${target.url}${workload.path}`],
  ];
  const child = spawnPinned(settings.cores, 'wrk', args);
  // wrk stops itself after `seconds`; this only guards against it hanging.
  const guard = setTimeout(() => void child.stop(0), (seconds + 30) * 1000);
  const code = await child.exited;
  clearTimeout(guard);
  const metered = stopCpuMeter();
  const line = RESULT_LINE.exec(child.output())?.[1];
  if (code !== 0 || line === undefined) throw new Error(`wrk failed (${code}) on ${workload.name}: ${child.output()}`);
  const figures = JSON.parse(line) as WrkFigures;
  return {
    requests: figures.requests,
    rps: figures.requests / (figures.durationUs / 1e6),
    p50Ms: figures.p50 / 1000,
    p99Ms: figures.p99 / 1000,
    maxMs: figures.max / 1000,
    errors: figures.errors + figures.status,
    timeouts: figures.timeouts,
    cpu: metered.use,
    cpuSeconds: metered.seconds,
    loadThreads: settings.threads,
  };
}

/** Runs `workload` against a server for a number of whole seconds (wrk takes no fractions) and measures it. */
export type RunLoad = (target: LoadTarget, seconds: number) => Promise<LoadResult>;

/** wrk runs of `workload`, its script written once for all of them. */
export function loadRunner(workload: Workload, settings: LoadSettings): RunLoad {
  const scriptPath = join(settings.directory, 'workload.lua');
  writeFileSync(scriptPath, script(workload));
  return (target, seconds) => wrk(target, workload, seconds, settings, scriptPath);
}

/**
 * wrk runs on `distinctUrl` sending distinct requests (see `distinctScript`) from one thread, and of
 * the fixed `workload` on any other target (the baseline). Each run starts at `next`, the first
 * question no run has sent (shared by every runner of the same questions), and moves it past the
 * ones it sent: the questions are a sequence whose later part holds more of the rarer, costlier
 * kinds (the common ones have been drawn already), so runs that each started a whole share further
 * on measured harder questions the more of them a bench generated. A run that would need more than
 * `perRun` throws: its questions would repeat.
 */
export function distinctLoadRunner(
  distinctUrl: string,
  questions: { readonly paths: readonly string[]; readonly perRun: number; next: number },
  workload: Workload,
  settings: LoadSettings,
): RunLoad {
  const fixed = loadRunner(workload, settings);
  const { paths, perRun } = questions;
  return async (target, seconds) => {
    if (target.url !== distinctUrl) return fixed(target, seconds);
    const first = questions.next;
    const share = paths.slice(first, first + perRun);
    if (share.length < perRun) throw new Error(`only ${paths.length - first} distinct questions left for a run of up to ${perRun}`);
    const scriptPath = join(settings.directory, `distinct-${first}.lua`);
    writeFileSync(scriptPath, distinctScript(share));
    const result = await wrk(target, workload, seconds, { ...settings, threads: 1 }, scriptPath);
    if (result.requests > perRun) throw new Error(`${result.requests} requests in ${seconds} s outran ${perRun} distinct questions: give each run more`);
    // Requests still in flight when wrk stopped were sent but not counted: one per connection at most.
    questions.next = first + result.requests + settings.connections;
    return result;
  };
}

/**
 * wrk runs of GETs of `prefix` followed by a word no run sent before (`r`, the run's number, `n`, the
 * request's number): a flood of questions that never repeat, from one thread (each wrk thread has its own
 * Lua state, and two would send the same words).
 */
export function floodRunner(name: string, prefix: string, settings: LoadSettings): RunLoad {
  let runs = 0;
  return (target, seconds) => {
    runs += 1;
    const scriptPath = join(settings.directory, `flood-${runs}.lua`);
    writeFileSync(
      scriptPath,
      `local sent = 0
request = function()
  sent = sent + 1
  return wrk.format(nil, ${luaString(`${prefix}r${runs}n`)} .. sent)
end
${DONE}`,
    );
    return wrk(target, { name, method: 'GET', path: prefix, status: 200 }, seconds, { ...settings, threads: 1 }, scriptPath);
  };
}

/** Warms the server (process `serverPid`) up for `warmupSeconds` (not counted), then measures for `seconds`. */
export async function measureLoad(
  url: string,
  serverPid: number,
  workload: Workload,
  timing: { readonly seconds: number; readonly warmupSeconds: number },
  settings: LoadSettings,
): Promise<LoadResult> {
  const run = loadRunner(workload, settings);
  const target = { url, pid: serverPid };
  if (timing.warmupSeconds > 0) await run(target, timing.warmupSeconds);
  return run(target, timing.seconds);
}

/** wrk's version line, for the record. */
export function wrkVersion(): string {
  const result = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  return /^wrk \S+/.exec(`${result.stdout}${result.stderr}`)?.[0] ?? 'wrk (unknown version)';
}

/** How long to wait for other jobs to calm down before a measurement, and before measuring again. */
const QUIET_WAIT_MS = 20_000;
const RETRY_QUIET_WAIT_MS = 60_000;

/**
 * What a whole run may spend waiting for other jobs to calm down and measuring again, shared by all
 * its measurements: on a busy machine the run then takes a bounded time longer, not hours.
 */
export interface Patience {
  remainingMs: number;
}

/** A run's patience with default knobs keeps it under about 25 minutes however busy the machine. */
export const RUN_PATIENCE_MS = 6 * 60_000;

/** Runs `work`, charging the time it takes to `patience`. */
async function charged<T>(patience: Patience, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    patience.remainingMs -= Date.now() - started;
  }
}

/**
 * Runs `measure` once the machine is quiet, and again while other jobs used more than DISTURBED_CORES
 * during it, at most `attempts` times; keeps the least disturbed attempt. A shared machine cannot be
 * made quiet, only waited out, for a bounded time: the waits and the measurements again are charged
 * to `patience`, and once it is spent a measurement is kept as it is.
 */
export async function leastDisturbed<T>(
  measure: () => Promise<T>,
  disturbance: (result: T) => number,
  onRetry: (others: number) => void,
  patience: Patience,
  attempts = 3,
): Promise<T> {
  if (patience.remainingMs > 0) await charged(patience, () => waitForQuiet(DISTURBED_CORES, Math.min(QUIET_WAIT_MS, patience.remainingMs)));
  let best = await measure();
  for (let attempt = 2; attempt <= attempts && disturbance(best) > DISTURBED_CORES && patience.remainingMs > 0; attempt += 1) {
    onRetry(disturbance(best));
    const next = await charged(patience, async () => {
      await waitForQuiet(DISTURBED_CORES, Math.min(RETRY_QUIET_WAIT_MS, patience.remainingMs));
      return measure();
    });
    if (disturbance(next) < disturbance(best)) best = next;
  }
  return best;
}
