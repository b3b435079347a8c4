import { spawn, type ChildProcess } from 'node:child_process';
import { programArguments } from '../support/programs.js';

export interface CliRun {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

type CliName = 'backup' | 'restore' | 'operator';

/** Starts `src/cli/NAME.ts` as a real process (its bundle in the suite's run, see test/support/programs.ts), as `npm run NAME` does, with `env` over ours and `stdin` written to it. */
export function startCli(name: CliName, args: readonly string[], env: Readonly<Record<string, string>>, stdin = ''): { readonly child: ChildProcess; readonly done: Promise<CliRun> } {
  const child = spawn(process.execPath, [...programArguments(name), ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const done = new Promise<CliRun>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
  child.stdin?.end(stdin);
  return { child, done };
}

/** Runs `src/cli/NAME.ts` to its end. */
export function runCli(name: CliName, args: readonly string[], env: Readonly<Record<string, string>>, stdin = ''): Promise<CliRun> {
  return startCli(name, args, env, stdin).done;
}
