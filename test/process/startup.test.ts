import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startServer } from '../support/process.js';
import { programArguments } from '../support/programs.js';

describe('starting the service as a process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-start-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const [variable, value] of [['PORT', 'abc'], ['RATE_LIMIT_PER_MINUTE', '-1'], ['RATE_LIMIT_IPV6_PREFIX', '200'], ['TRUST_PROXY', '10.0.0.0/40'], ['DATABASE_URL', 'mysql://db/x']] as const) {
    it(`stops with one line naming ${variable}=${value} and a non-zero exit`, async () => {
      const child = spawn(process.execPath, programArguments('server'), {
        env: { ...process.env, [variable]: value, DATABASE_URL: variable === 'DATABASE_URL' ? value : join(dir, 'bad.db') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      assert.notEqual(code, 0);
      const lines = stderr.trim().split('\n');
      assert.equal(lines.length, 1, stderr);
      assert.match(lines[0] ?? '', new RegExp(variable));
    });
  }

  it('fills a new SQLite file from the bundled catalogue on first start and keeps it on the next', async () => {
    const database = join(dir, 'fresh.db');
    const first = await startServer({ DATABASE_URL: `sqlite://${database}` });
    try {
      const response = await fetch(`${first.url}/api/slots/wild-swarm`);
      assert.equal(response.status, 200);
      const slot = (await response.json()) as { name: string; provider: string };
      assert.equal(slot.name, 'Wild Swarm');
      assert.equal(slot.provider, 'Push Gaming');
      const list = (await (await fetch(`${first.url}/api/slots?limit=1`)).json()) as { total: number };
      assert.ok(list.total >= 200);
    } finally {
      await first.stop();
    }
    const second = await startServer({ DATABASE_URL: `sqlite://${database}` });
    try {
      const response = await fetch(`${second.url}/api/slots/wild-swarm`);
      assert.equal(response.status, 200);
    } finally {
      await second.stop();
    }
  });
});
