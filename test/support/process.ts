import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { programArguments } from './programs.js';

export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Output so far, for assertions and for failure messages. */
  output(): string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<number | null>;
  /** SIGKILL and wait for the exit. */
  kill(): Promise<void>;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Runs `src/server.ts` (its bundle in the suite's run, see test/support/programs.ts; or the given node
 * arguments, e.g. a built dist/) as a real process and resolves once it answers HTTP.
 */
export async function startServer(env: Readonly<Record<string, string>>, timeoutMs = 20_000, nodeArguments: readonly string[] = programArguments('server')): Promise<ServerProcess> {
  const port = env['PORT'] !== undefined ? Number(env['PORT']) : await freePort();
  const child = spawn(process.execPath, nodeArguments, {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    try {
      // Bounded: a server that takes the connection but never answers (its store unreachable) must not hold the test past its deadline.
      await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`server did not answer within ${timeoutMs} ms: ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    port,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
