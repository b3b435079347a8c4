import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { call } from '../load/http-client.js';
import { spawnPinned, type PinnedProcess } from './processes.js';
import type { Workload } from '../load/workloads.js';

const BASELINE_ENTRY = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));
/** node:http writes these itself on every answer. */
const REGENERATED = new Set(['date', 'connection', 'keep-alive']);

/** One answer of slotmoji, as the baseline replays it. */
export interface Capture {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** In arrival order, without the ones node:http adds by itself; X-Response-Time is rewritten per request. */
  readonly headers: readonly (readonly [string, string])[];
  /** Base64. */
  readonly body: string;
}

/** Asks slotmoji once, as the load generator will, and keeps the answer. */
export async function capture(url: string, workload: Workload): Promise<Capture> {
  const reply = await call(`${url}${workload.path}`, {
    method: workload.method,
    headers: workload.body === undefined ? {} : { 'content-type': 'application/json' },
    body: workload.body,
  });
  if (reply.status !== workload.status) {
    throw new Error(`${workload.name} answered ${reply.status}, not ${workload.status}: ${reply.body.toString().slice(0, 300)}`);
  }
  const headers: [string, string][] = [];
  for (let i = 0; i < reply.rawHeaders.length; i += 2) {
    const name = reply.rawHeaders[i] ?? '';
    if (!REGENERATED.has(name.toLowerCase())) headers.push([name, reply.rawHeaders[i + 1] ?? '']);
  }
  return { method: workload.method, path: workload.path, status: reply.status, headers, body: reply.body.toString('base64') };
}

export interface BaselineServer {
  readonly url: string;
  readonly process: PinnedProcess;
}

/** Starts the bare node:http server replaying `captures`, pinned to `cores`, under `wrapper` (a program and its arguments) if given. */
export async function startBaseline(captures: readonly Capture[], cores: string, directory: string, wrapper: readonly string[] = []): Promise<BaselineServer> {
  const file = join(directory, 'captures.json');
  writeFileSync(file, JSON.stringify(captures));
  const [command = process.execPath, ...args] = [...wrapper, process.execPath, '--import', 'tsx', BASELINE_ENTRY, file];
  const child = spawnPinned(cores, command, args);
  // Under a wrapper such as valgrind, node starts several times slower.
  const deadline = Date.now() + (wrapper.length === 0 ? 30_000 : 180_000);
  for (;;) {
    const port = /listening (\d+)/.exec(child.output())?.[1];
    if (port !== undefined) return { url: `http://127.0.0.1:${port}`, process: child };
    if (!child.running() || Date.now() > deadline) {
      await child.stop(0);
      throw new Error(`the baseline server did not start: ${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Checks the baseline answers a workload with exactly slotmoji's status and body. */
export async function verifyBaseline(url: string, expected: Capture, workload: Workload): Promise<void> {
  const reply = await call(`${url}${workload.path}`, {
    method: workload.method,
    headers: workload.body === undefined ? {} : { 'content-type': 'application/json' },
    body: workload.body,
  });
  if (reply.status !== expected.status || reply.body.toString('base64') !== expected.body) {
    throw new Error(`the baseline does not replay ${workload.name} as captured`);
  }
}
