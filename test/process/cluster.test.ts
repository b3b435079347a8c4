import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startServer } from '../support/process.js';

/** Three processes compile and start here (a primary and two workers): slow on a loaded machine. */
const STARTUP_MS = 60_000;

describe('WORKERS=2: two processes on one port', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-cluster-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('shares one set of rate-limit counters across workers, one per IPv6 /56, and stops cleanly on SIGTERM', async () => {
    const server = await startServer({
      WORKERS: '2',
      RATE_LIMIT_PER_MINUTE: '7',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'info',
      DATABASE_URL: `sqlite://${join(dir, 'cluster.db')}`,
    }, STARTUP_MS);
    try {
      // startServer returns once one worker answers; wait for the other to listen too.
      const deadline = Date.now() + STARTUP_MS;
      while ((server.output().match(/Server listening/g) ?? []).length < 2) {
        assert.ok(Date.now() < deadline, `second worker never listened: ${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const statuses: number[] = [];
      // A fresh connection each time, so the requests spread over both workers.
      for (let i = 0; i < 12; i++) {
        const response = await fetch(`${server.url}/api/slots/wild-swarm`, { headers: { connection: 'close' } });
        statuses.push(response.status);
        assert.equal(response.headers.get('x-ratelimit-limit'), '7');
        await response.arrayBuffer();
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
      const servingPids = new Set(
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('/api/slots/wild-swarm'))
          .map((line) => (JSON.parse(line) as { pid: number }).pid),
      );
      assert.equal(servingPids.size, 2, 'both workers answered');

      // Behind the trusted (loopback) proxy: two addresses of one /56 are one client, another /56 is not.
      const forwarded: number[] = [];
      for (const client of ['2001:db8:7:ff01::1', '2001:db8:7:ffee::2', '2001:db8:7:ff01::1', '2001:db8:7:ffee::2', '2001:db8:7:fe00::1']) {
        for (let i = 0; i < 2; i++) {
          const response = await fetch(`${server.url}/api/slots/wild-swarm`, { headers: { connection: 'close', 'x-forwarded-for': client } });
          forwarded.push(response.status);
          await response.arrayBuffer();
        }
      }
      assert.deepEqual(forwarded, [200, 200, 200, 200, 200, 200, 200, 429, 200, 200]);
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });
});
