import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { programArguments } from '../support/programs.js';

export interface CliRun {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

type CliName = 'backup' | 'restore' | 'operator';

/**
 * How long one command may run before it is taken for hung: killed, and the test failed naming it.
 * The slowest here, a restore that decodes 256 MiB before it refuses the file, takes well under a minute on a loaded machine.
 */
export const COMMAND_TIMEOUT_MS = 180_000;

/**
 * Starts `src/cli/NAME.ts` as a real process (its bundle in the suite's run, see test/support/programs.ts), as `npm run NAME` does, with `env` over ours and `stdin` written to it
 * (a stream: piped, and ended when it ends).
 * A command still running after COMMAND_TIMEOUT_MS is killed and `done` rejects with its name, arguments and what it wrote to stderr.
 */
export function startCli(name: CliName, args: readonly string[], env: Readonly<Record<string, string>>, stdin: string | Readable = ''): { readonly child: ChildProcess; readonly done: Promise<CliRun> } {
  const child = spawn(process.execPath, [...programArguments(name), ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const done = new Promise<CliRun>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const hung = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`npm run ${name} -- ${args.join(' ')}: still running after ${COMMAND_TIMEOUT_MS / 1000} s, killed (stderr: ${JSON.stringify(stderr.slice(-500))})`));
    }, COMMAND_TIMEOUT_MS);
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => {
      clearTimeout(hung);
      reject(error);
    });
    child.on('close', (status, signal) => {
      clearTimeout(hung);
      resolve({ status, signal, stdout, stderr });
    });
  });
  // A command that exits before reading its input closes the pipe: that is its business, not an error here.
  child.stdin?.on('error', () => undefined);
  if (typeof stdin === 'string') child.stdin?.end(stdin);
  else if (child.stdin !== null) stdin.pipe(child.stdin);
  return { child, done };
}

/** Runs `src/cli/NAME.ts` to its end. */
export function runCli(name: CliName, args: readonly string[], env: Readonly<Record<string, string>>, stdin = ''): Promise<CliRun> {
  return startCli(name, args, env, stdin).done;
}
