import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** A child process the harness started, pinned to some cores, in a process group of its own. */
export interface PinnedProcess {
  readonly pid: number;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null after a signal) once the process is gone. */
  readonly exited: Promise<number | null>;
  running(): boolean;
  /** SIGTERM to its group, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** Every child still running, so a failure or a signal can end them all (only ours, by their ids). */
const live = new Set<PinnedProcess>();

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    // Negative pid: the whole group, so workers forked by a server go with it.
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Runs `command` under `taskset -c cores`. taskset execs the command, so the pid is the command's own,
 * and the affinity is inherited by anything it forks.
 */
export function spawnPinned(cores: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): PinnedProcess {
  const child = spawn('taskset', ['-c', cores, command, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const pid = child.pid;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      done = true;
      live.delete(handle);
      resolve(code);
    }),
  );
  const handle: PinnedProcess = {
    pid,
    output: () => output,
    exited,
    running: () => !done,
    async stop(graceMs = 10_000) {
      if (done) return;
      signalGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // Workers that outlived their primary.
      signalGroup(pid, 'SIGKILL');
    },
  };
  live.add(handle);
  return handle;
}

/** Ends every child still running: SIGKILL to each group we started. */
export function killAll(): void {
  for (const child of live) signalGroup(child.pid, 'SIGKILL');
}

/** Pins this process (all its threads) to `cores`, so the harness never competes with the server. */
export function pinSelf(cores: string): void {
  const result = spawnSync('taskset', ['-a', '-cp', cores, String(process.pid)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`taskset could not pin the harness to cores ${cores}: ${result.stderr}`);
}

export interface Memory {
  /** Resident set size now, in MiB. */
  readonly rssMb: number;
  /** Peak resident set size so far, in MiB. */
  readonly peakRssMb: number;
}

function statusKb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (match === null) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(match[1]);
}

export function memoryOf(pid: number): Memory {
  return { rssMb: statusKb(pid, 'VmRSS') / 1024, peakRssMb: statusKb(pid, 'VmHWM') / 1024 };
}

/** The pids `pid` has forked (cluster workers, for one). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    const listed = readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').trim();
    if (listed !== '') children.push(...listed.split(/\s+/).map(Number));
  }
  return children;
}
