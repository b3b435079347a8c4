import { spawn } from 'node:child_process';

/** What GNU time prints last on stderr: wall seconds and peak resident set in KiB. */
const MARK = 'bench-backup-time';

export interface CommandRun {
  readonly seconds: number;
  /** The process's peak resident memory, MiB (the kernel's maxrss). */
  readonly peakMiB: number;
}

/**
 * Runs a built command (`node dist/cli/NAME.js ARGS`) as `npm run NAME` does, under GNU time, with
 * `databaseUrl` as its DATABASE_URL; resolves with its wall time and peak memory, fails on a status other than 0.
 */
export function runMeasured(name: 'backup' | 'restore', args: readonly string[], databaseUrl: string): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', `${MARK} %e %M`, process.execPath, `dist/cli/${name}.js`, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => {
      const measured = new RegExp(`^${MARK} ([\\d.]+) (\\d+)$`, 'm').exec(stderr);
      if (status !== 0 || measured === null) reject(new Error(`npm run ${name} -- ${args.join(' ')}: status ${status}: ${stderr.trim()}`));
      else resolve({ seconds: Number(measured[1]), peakMiB: Number(measured[2]) / 1024 });
    });
  });
}
