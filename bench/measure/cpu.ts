import { readFileSync } from 'node:fs';
import { childrenOf } from '../servers/processes.js';

/** Kernel clock ticks per second, the unit of /proc CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name, which sits in parentheses and may hold spaces. */
function statFields(pid: number | 'self'): string[] {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
}

/** CPU seconds `pid` and the children it has now (workers) have used so far. */
export function processCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const id of [pid, ...childrenOf(pid)]) {
    const fields = statFields(id);
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/** CPU seconds of this harness's children that have exited and been reaped (wrk, once it is done). */
function reapedChildrenCpuSeconds(): number {
  const fields = statFields('self');
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

/** Busy CPU seconds of the whole machine since boot, whoever used them (steal counts: the time was not ours). */
function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line.replace(/^cpu\s+/, '').split(/\s+/).map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

/** Who used the CPU during a measurement, each in cores (1 = one core all the time). */
export interface CpuUse {
  readonly server: number;
  /** The load generator: wrk, once it has exited. */
  readonly load: number;
  /** Everything else on the machine: other jobs, less this harness. What makes a measurement noisy. */
  readonly others: number;
}

/** Who used the CPU during a measurement, and how long the measurement lasted. */
export interface CpuMeasurement {
  readonly use: CpuUse;
  /** Wall-clock seconds the measurement lasted: `use` in cores times this is CPU-seconds. */
  readonly seconds: number;
}

/**
 * Starts measuring; the returned function ends the measurement. Call it after the load generator,
 * started in between, has exited, so its CPU time has been reaped into this process's accounts.
 */
export function startCpuMeter(serverPid: number): () => CpuMeasurement {
  const started = process.hrtime.bigint();
  const server = processCpuSeconds(serverPid);
  const load = reapedChildrenCpuSeconds();
  const machine = machineBusySeconds();
  const harness = process.cpuUsage();
  return () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const serverUsed = processCpuSeconds(serverPid) - server;
    const loadUsed = reapedChildrenCpuSeconds() - load;
    const harnessUsage = process.cpuUsage(harness);
    const harnessUsed = (harnessUsage.user + harnessUsage.system) / 1e6;
    const othersUsed = machineBusySeconds() - machine - serverUsed - loadUsed - harnessUsed;
    return { use: { server: serverUsed / seconds, load: loadUsed / seconds, others: Math.max(0, othersUsed / seconds) }, seconds };
  };
}

/**
 * Waits until the machine stays under `threshold` busy cores for a second (the servers idle, so
 * that is other jobs), at most `maxMs`; resolves with the last second's busy cores.
 */
export async function waitForQuiet(threshold: number, maxMs: number): Promise<number> {
  const deadline = Date.now() + maxMs;
  for (;;) {
    const started = process.hrtime.bigint();
    const before = machineBusySeconds();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const busy = (machineBusySeconds() - before) / (Number(process.hrtime.bigint() - started) / 1e9);
    if (busy < threshold || Date.now() >= deadline) return busy;
  }
}
