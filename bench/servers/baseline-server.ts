/**
 * The baseline: a bare node:http server answering each workload's request with the bytes and headers
 * slotmoji answered it with, captured once. Nothing is computed per request but what slotmoji also
 * regenerates each time (Date, which node:http adds, and X-Response-Time), so its throughput is the
 * ceiling of Node for these responses: it runs with the V8 settings slotmoji makes at start
 * (src/v8-tuning.ts), without which an idle full collection can leave Node's own per-request work
 * slower for good (bench/history/2026-11-24.md), and the ceiling would sink by chance during a run.
 *
 * Run as `node --import tsx bench/servers/baseline-server.ts <captures.json>`; prints `listening <port>` once
 * it listens on 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tuneV8ForServing } from '../../src/v8-tuning.js';
import type { Capture } from './baseline.js';

tuneV8ForServing();

/** What Fastify announces, so the Keep-Alive header is byte for byte the same. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

interface Answer {
  readonly status: number;
  /** Flat name/value list; the value at `responseTimeAt` is rewritten per request. */
  readonly headers: string[];
  readonly responseTimeAt: number;
  readonly body: Buffer;
}

const path = process.argv[2];
if (path === undefined) throw new Error('usage: baseline-server.ts <captures.json>');
const captures = JSON.parse(readFileSync(path, 'utf8')) as Capture[];
const answers = new Map<string, Answer>();
for (const capture of captures) {
  const headers = capture.headers.flat();
  const responseTimeAt = headers.findIndex((value, index) => index % 2 === 0 && value.toLowerCase() === 'x-response-time') + 1;
  if (responseTimeAt === 0) throw new Error(`the capture of ${capture.method} ${capture.path} has no X-Response-Time`);
  answers.set(`${capture.method} ${capture.path}`, {
    status: capture.status,
    headers,
    responseTimeAt,
    body: Buffer.from(capture.body, 'base64'),
  });
}

function answer(request: IncomingMessage, response: ServerResponse, started: bigint): void {
  const found = answers.get(`${request.method} ${request.url}`);
  if (found === undefined) {
    response.writeHead(404).end();
    return;
  }
  const headers = found.headers.slice();
  headers[found.responseTimeAt] = `${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}ms`;
  response.writeHead(found.status, headers).end(found.body);
}

const server = createServer((request, response) => {
  const started = process.hrtime.bigint();
  if (request.method === 'GET') return answer(request, response, started);
  // A request body is read to its end before answering, as slotmoji must.
  request.on('data', () => undefined);
  request.on('end', () => answer(request, response, started));
});
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  process.stdout.write(`listening ${address.port}\n`);
});
process.once('SIGTERM', () => process.exit(0));
