import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { ADMIN_TOKEN } from '../support/admin.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { exchange, type Exchange } from '../support/raw-http.js';
import { eventually } from '../support/wait.js';
import { assertSound, cpuMsSince } from './invariants.js';
import { rawRequest, serialise } from './raw-requests.js';
import { request } from './requests.js';
import { fuzz } from './settings.js';

/**
 * Every final answer on the connection is sound (interim 1xx answers, such as 100 Continue, are
 * Node's own and carry no headers), and there is at least one: the server never just hangs up.
 */
function assertAnswered(sent: Buffer, result: Exchange, cpuMs: number, method: string): void {
  const finals = result.responses.filter((response) => response.statusCode >= 200);
  assert.ok(finals.length > 0, `no answer to ${JSON.stringify(sent.subarray(0, 300).toString('latin1'))}`);
  for (const response of finals) assertSound(response, cpuMs, method);
}

describe('fuzzing a listening server over real sockets', { timeout: 120_000 }, () => {
  let t: TestApp;
  let port: number;

  before(async () => {
    t = await startTestApp({ env: { ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_PER_HOUR: '1000000', RATE_LIMIT_PER_DAY: '1000000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    assert.ok(address !== null && typeof address === 'object');
    port = address.port;
  });
  after(() => t.close());

  /** Every connection closed again, and an ordinary request answered as ever. */
  async function assertHealthy(): Promise<void> {
    const open = () => new Promise<number>((resolve, reject) => t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    await eventually(async () => (await open()) === 0, 5_000, 'every fuzzed connection closed');
    const response = await fetch(`http://127.0.0.1:${port}/api/slots/cherry-gems`);
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { slug: string }).slug, 'cherry-gems');
  }

  it('answers requests with raw bytes in the path, headers and body: no 5xx, CORS, none costing a second of CPU', async () => {
    await fuzz(
      fc.asyncProperty(request, async (fuzzed) => {
        const sent = serialise(fuzzed);
        const started = process.cpuUsage();
        const result = await exchange(port, sent);
        assertAnswered(sent, result, cpuMsSince(started), fuzzed.method);
      }),
      300,
    );
    await assertHealthy();
  });

  it('answers byte-level garbage (bad request lines, framing, line ends, oversized headers) the same way', async () => {
    await fuzz(
      fc.asyncProperty(rawRequest, async (sent) => {
        const method = /^[A-Z]+/.exec(sent.toString('latin1'))?.[0] ?? '';
        const started = process.cpuUsage();
        const result = await exchange(port, sent);
        assertAnswered(sent, result, cpuMsSince(started), method);
      }),
      300,
    );
    await assertHealthy();
  });
});
