import { createServer } from 'node:net';
import type { CatalogueDocument } from '../../src/catalogue/records/document.js';
import { call } from '../load/http-client.js';
import { childrenOf, spawnPinned, type PinnedProcess } from './processes.js';

/** Well past what any target allows; a server slower than this to answer is broken, not slow. */
const READY_TIMEOUT_MS = 120_000;
const UNLIMITED = '1000000000';

export const ADMIN_TOKEN = 'bench-admin-token-0123456789';

export interface SlotmojiOptions {
  /** The built server's `dist/server.js`. */
  readonly serverEntry: string;
  readonly databasePath: string;
  /** A DATABASE_URL to serve instead of the SQLite file at `databasePath` (a postgres:// URL). */
  readonly databaseUrl?: string;
  readonly cores: string;
  readonly workers?: number;
  /** Extra flags for node itself, such as --cpu-prof. */
  readonly nodeFlags?: readonly string[];
  /** A program node runs under, with its arguments (callgrind, say). */
  readonly wrapper?: readonly string[];
  /** Settings added to the environment, such as `INSIGHTS: 'off'`. */
  readonly env?: Readonly<Record<string, string>>;
}

export interface SlotmojiServer {
  readonly url: string;
  readonly process: PinnedProcess;
  /** The environment it runs with. */
  readonly env: NodeJS.ProcessEnv;
  /** From spawning the process to its first answer. */
  readonly readyMs: number;
  /** Worker processes it forked once ready (0 when it serves in one process). */
  readonly workerCount: number;
  stop(): Promise<void>;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the built server pinned to `cores`, with rate limiting on but limits too
 * high to trigger, and resolves once it answers. With `workers`, also waits until that many are forked.
 */
export async function startSlotmoji(options: SlotmojiOptions): Promise<SlotmojiServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl ?? `sqlite://${options.databasePath}`,
    ADMIN_TOKEN,
    RATE_LIMIT_PER_MINUTE: UNLIMITED,
    RATE_LIMIT_PER_HOUR: UNLIMITED,
    RATE_LIMIT_PER_DAY: UNLIMITED,
    LOG_LEVEL: 'warn',
    WORKERS: String(options.workers ?? 1),
    ...options.env,
  };
  const started = process.hrtime.bigint();
  const [command = process.execPath, ...args] = [...(options.wrapper ?? []), process.execPath, ...(options.nodeFlags ?? []), options.serverEntry];
  const child = spawnPinned(options.cores, command, args, env);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let readyMs: number | undefined;
  while (readyMs === undefined) {
    if (!child.running()) throw new Error(`slotmoji exited before answering: ${child.output()}`);
    if (Date.now() > deadline) {
      await child.stop(0);
      throw new Error(`slotmoji did not answer within ${READY_TIMEOUT_MS} ms: ${child.output()}`);
    }
    try {
      const reply = await call(`${url}/api/emojis/stats`, { timeoutMs: 5_000 });
      if (reply.status === 200) readyMs = Number(process.hrtime.bigint() - started) / 1e6;
    } catch {
      await pause(10);
    }
  }
  const wanted = options.workers ?? 1;
  if (wanted > 1) {
    // A server that forks workers answers once the first is up; give the others as long again to load.
    const forkDeadline = Date.now() + 10_000;
    while (childrenOf(child.pid).length < wanted && Date.now() < forkDeadline) await pause(50);
    await pause(readyMs);
  }
  return { url, process: child, env, readyMs, workerCount: childrenOf(child.pid).length, stop: () => child.stop() };
}

/**
 * The body of an import of `document`, as bytes: given the string, the client measured and encoded it
 * inside the timed import. Made once, well before any import is timed: encoding a 100,000-slot
 * document leaves ~170 MB of garbage in this process, and its collection during a timed import slowed
 * the sending, so the server waited (bench/history/2026-11-26.md).
 */
export function importBody(document: CatalogueDocument): Buffer {
  return Buffer.from(JSON.stringify(document));
}

/** Replaces the whole catalogue through the admin import with `body` (see `importBody`); resolves with how long the import took. */
export async function importCatalogue(url: string, body: Buffer): Promise<number> {
  const reply = await call(`${url}/api/admin/catalogue`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body,
    timeoutMs: 300_000,
  });
  if (reply.status !== 200) throw new Error(`import of ${body.length} bytes answered ${reply.status}: ${reply.body.toString().slice(0, 500)}`);
  return reply.ms;
}
