import { readFileSync } from 'node:fs';
import { childrenOf } from './processes.js';

/** Kernel clock ticks per second, the unit of /proc CPU times; 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

/** The core numbers of a taskset list such as `0`, `1-3` or `0,2`. */
export function coreList(cores: string): number[] {
  return cores.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    if (from === undefined || to === undefined) return [];
    return Array.from({ length: to - from + 1 }, (_, index) => from + index);
  });
}

/** CPU seconds `pid` and the children it has now (workers) have used so far. */
export function processCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const id of [pid, ...childrenOf(pid)]) {
    // Fields after the command name, which sits in parentheses and may hold spaces.
    const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

export interface CoreTimes {
  readonly busy: number;
  readonly total: number;
}

/** Busy and total ticks of `cores` since boot, whoever used them. */
export function coreTimes(cores: readonly number[]): CoreTimes {
  let busy = 0;
  let total = 0;
  for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
    const match = /^cpu(\d+) (.*)$/.exec(line);
    if (match === null || !cores.includes(Number(match[1]))) continue;
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = (match[2] ?? '').trim().split(/\s+/).map(Number);
    busy += user + nice + system + irq + softirq + steal;
    total += user + nice + system + idle + iowait + irq + softirq + steal;
  }
  return { busy, total };
}

/** The share of the time `cores` were busy between two readings. */
export function busyShare(before: CoreTimes, after: CoreTimes): number {
  const total = after.total - before.total;
  return total <= 0 ? 0 : (after.busy - before.busy) / total;
}
