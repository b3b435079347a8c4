import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { busyShare, coreList, coreTimes, processCpuSeconds } from './cpu.js';
import { spawnPinned } from './processes.js';
import type { Workload } from './workloads.js';

export interface LoadSettings {
  readonly connections: number;
  /** Cores wrk runs on; it gets one thread per core. */
  readonly cores: string;
  readonly threads: number;
  /** Where the Lua scripts go. */
  readonly directory: string;
}

export interface LoadResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Socket errors, timeouts and answers with another status than the workload's. */
  readonly errors: number;
  /** CPU the server process (with its workers) used, in cores: near 1 means one core was saturated by it. */
  readonly serverCpu: number;
  /** Share of time the load generator's cores were busy (wrk, this harness, other jobs): near 1 means wrk may be the limit. */
  readonly loadCoresBusy: number;
}

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
 * The wrk script of a workload: its method and body, a count of answers with an unexpected status
 * (wrk itself only counts 4xx/5xx), and the figures printed as one JSON line at the end.
 */
function script(workload: Workload): string {
  const request =
    workload.body === undefined
      ? ''
      : `wrk.method = "POST"\nwrk.body = ${luaString(workload.body)}\nwrk.headers["Content-Type"] = "application/json"\n`;
  return `${request}
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) unexpected = 0 end
function response(status, headers, body) if status ~= ${workload.status} then unexpected = unexpected + 1 end end
function done(summary, latency, requests)
  local wrong = 0
  for _, thread in ipairs(threads) do wrong = wrong + thread:get("unexpected") end
  local e = summary.errors
  io.write(string.format('BENCH {"requests":%d,"durationUs":%d,"errors":%d,"unexpected":%d,"p50":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, wrong,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;
}

interface WrkFigures {
  readonly requests: number;
  readonly durationUs: number;
  readonly errors: number;
  readonly unexpected: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

async function wrk(url: string, workload: Workload, seconds: number, settings: LoadSettings, scriptPath: string, serverPid: number): Promise<LoadResult> {
  const loadCores = coreList(settings.cores);
  const coresBefore = coreTimes(loadCores);
  const cpuBefore = processCpuSeconds(serverPid);
  const started = process.hrtime.bigint();
  const args = ['-t', String(settings.threads), '-c', String(settings.connections), '-d', `${seconds}s`, '--timeout', '5s', '-s', scriptPath, `${url}${workload.path}`];
  const child = spawnPinned(settings.cores, 'wrk', args);
  // wrk stops itself after `seconds`; this only guards against it hanging.
  const guard = setTimeout(() => void child.stop(0), (seconds + 30) * 1000);
  const code = await child.exited;
  clearTimeout(guard);
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const serverCpu = (processCpuSeconds(serverPid) - cpuBefore) / wallSeconds;
  const loadCoresBusy = busyShare(coresBefore, coreTimes(loadCores));
  const line = RESULT_LINE.exec(child.output())?.[1];
  if (code !== 0 || line === undefined) throw new Error(`wrk failed (${code}) on ${workload.name}: ${child.output()}`);
  const figures = JSON.parse(line) as WrkFigures;
  return {
    requests: figures.requests,
    rps: figures.requests / (figures.durationUs / 1e6),
    p50Ms: figures.p50 / 1000,
    p99Ms: figures.p99 / 1000,
    maxMs: figures.max / 1000,
    errors: figures.errors + figures.unexpected,
    serverCpu,
    loadCoresBusy,
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
  const scriptPath = join(settings.directory, 'workload.lua');
  writeFileSync(scriptPath, script(workload));
  if (timing.warmupSeconds > 0) await wrk(url, workload, timing.warmupSeconds, settings, scriptPath, serverPid);
  return wrk(url, workload, timing.seconds, settings, scriptPath, serverPid);
}

/** wrk's version line, for the record. */
export function wrkVersion(): string {
  const result = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  return /^wrk \S+/.exec(`${result.stdout}${result.stderr}`)?.[0] ?? 'wrk (unknown version)';
}
