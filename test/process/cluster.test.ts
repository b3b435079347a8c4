import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ADMIN_TOKEN, AUTH } from '../support/admin.js';
import { slotFields } from '../support/fixtures.js';
import { startServer, type ServerProcess } from '../support/process.js';

/** startServer returns once one worker answers; this waits for the other to listen too. Start-up is given a minute: two workers start slowly on a busy machine. */
async function bothListening(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while ((server.output().match(/Server listening/g) ?? []).length < 2) {
    assert.ok(Date.now() < deadline, `second worker never listened: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pids of the workers that logged a request to `path`. */
function servingPids(server: ServerProcess, path: string): Set<number> {
  return new Set(
    server
      .output()
      .split('\n')
      .filter((line) => line.includes(path))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );
}

/** The sum of every sample of `family` whose labels contain each of `labels`. */
function sampleSum(text: string, family: string, labels: readonly string[]): number {
  return text
    .split('\n')
    .filter((line) => (line.startsWith(`${family}{`) || line.startsWith(`${family} `)) && labels.every((label) => line.includes(label)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** Three processes compile and start here (a primary and two workers): slow on a loaded machine. */
const STARTUP_MS = 60_000;

describe('WORKERS=2: two processes on one port', { timeout: 180_000 }, () => {
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
      await bothListening(server);
      const statuses: number[] = [];
      // A fresh connection each time, so the requests spread over both workers.
      for (let i = 0; i < 12; i++) {
        const response = await fetch(`${server.url}/api/slots/wild-swarm`, { headers: { connection: 'close' } });
        statuses.push(response.status);
        assert.equal(response.headers.get('x-ratelimit-limit'), '7');
        await response.arrayBuffer();
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
      assert.equal(servingPids(server, '/api/slots/wild-swarm').size, 2, 'both workers answered');

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

  it('answers /metrics for both workers together, whichever of them is asked', async () => {
    const server = await startServer({
      WORKERS: '2',
      ADMIN_TOKEN,
      LOG_LEVEL: 'info',
      DATABASE_URL: `sqlite://${join(dir, 'metrics.db')}`,
    }, STARTUP_MS);
    try {
      await bothListening(server);
      const READS = 30;
      for (let i = 0; i < READS; i++) {
        const response = await fetch(`${server.url}/api/slots/wild-swarm`, { headers: { connection: 'close' } });
        assert.equal(response.status, 200);
        await response.arrayBuffer();
      }
      assert.equal(servingPids(server, '/api/slots/wild-swarm').size, 2, 'the reads were spread over both workers');
      const slots = ((await (await fetch(`${server.url}/api/slots?limit=1`)).json()) as { total: number }).total;
      // Ask several times on fresh connections, so both workers answer at least once.
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`${server.url}/metrics`, { headers: { ...AUTH, connection: 'close' } });
        assert.equal(response.status, 200);
        const text = await response.text();
        const reads = sampleSum(text, 'http_requests_total', ['route="/api/slots/:idOrSlug"', 'method="GET"', 'status="200"']);
        assert.equal(reads, READS, text);
        assert.equal(sampleSum(text, 'http_request_duration_seconds_count', ['route="/api/slots/:idOrSlug"', 'status="200"']), READS);
        assert.equal(sampleSum(text, 'catalogue_slots', []), slots, 'the one catalogue, not once per worker');
      }
      assert.equal(servingPids(server, '/metrics').size, 2, 'both workers answered /metrics');

      // A write on one worker: the other follows it from the change log, as another instance would.
      const created = await fetch(`${server.url}/api/admin/slots`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify(slotFields({ name: 'Written On One Worker' })),
      });
      assert.equal(created.status, 201);
      const deadline = Date.now() + 10_000;
      for (;;) {
        const text = await (await fetch(`${server.url}/metrics`, { headers: { ...AUTH, connection: 'close' } })).text();
        const [written, followed] = [sampleSum(text, 'catalogue_snapshot_updates_total', ['cause="write"']), sampleSum(text, 'catalogue_snapshot_updates_total', ['cause="change"'])];
        if (written === 1 && followed === 1) break;
        assert.ok(Date.now() < deadline, `the other worker never followed the write: ${written} written, ${followed} followed`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`${server.url}/api/slots/written-on-one-worker`, { headers: { connection: 'close' } });
        assert.equal(response.status, 200, 'every worker serves it');
        await response.arrayBuffer();
      }
      // The store's figures once, not once per worker; what was applied, the furthest behind worker's.
      const text = await (await fetch(`${server.url}/metrics`, { headers: { ...AUTH, connection: 'close' } })).text();
      const latest = sampleSum(text, 'change_log_latest_sequence', []);
      assert.ok(latest > 0);
      assert.equal(sampleSum(text, 'change_log_applied_sequence', []), latest, 'both workers applied the write');
      assert.equal(sampleSum(text, 'change_log_behind_seconds', []), 0);
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });
});
