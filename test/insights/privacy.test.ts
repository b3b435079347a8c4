import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { InsightCounter } from '../../src/insights/counter.js';
import { startTestApp } from '../support/app.js';
import { startedCounter } from '../support/insights.js';

const ADDRESSES = ['198.51.100.77', '2001:db8:77::1'];
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 PrivacyProbe';

describe('what insights write to SQLite (decisions §21)', () => {
  it('holds counts, but no address, no User-Agent and, outside its own table, no secret of the day; the log holds neither of the last two', async () => {
    const logged: string[] = [];
    let counter: InsightCounter | undefined;
    const t = await startTestApp({
      env: { LOG_LEVEL: 'info' },
      deps: { logger: undefined, logStream: { write: (line) => void logged.push(line) } },
      insights: async (store) => (counter = await startedCounter(store.insights, Date.now)),
    });
    const path = t.config.database.kind === 'sqlite' ? t.config.database.path : '';
    try {
      for (const [index, address] of ADDRESSES.entries()) {
        for (const url of ['/api/slots?q=cherry', '/slots/lucky-dice', `/api/play/${encodeURIComponent('🍒')}`]) {
          const response = await t.app.inject({ url, remoteAddress: address, headers: { 'user-agent': `${AGENT}${index}` } });
          assert.ok(response.statusCode < 400, url);
        }
      }
      await counter?.flush();
      const db = new Database(path, { readonly: true });
      const secrets = db.prepare('SELECT secret FROM insight_secrets').pluck().all() as Buffer[];
      const counts = db.prepare('SELECT COUNT(*) FROM insight_hours').pluck().get() as number;
      db.close();
      assert.ok(secrets.length > 0 && counts > 0);
      // The file's bytes, its write-ahead log's too, with the secrets' own rows left out by value.
      let bytes = readFileSync(path).toString('latin1');
      if (existsSync(`${path}-wal`)) bytes += readFileSync(`${path}-wal`).toString('latin1');
      for (const secret of secrets) bytes = bytes.replaceAll(secret.toString('latin1'), '');
      const needles = [...ADDRESSES, 'PrivacyProbe', ...secrets.flatMap((secret) => [secret.toString('hex'), secret.toString('base64')])];
      for (const needle of needles) assert.ok(!bytes.includes(needle), `the database holds ${needle}`);
      // The request log names each request's address, as it did before insights (docs/insights.md); never the rest.
      const unlogged = needles.filter((needle) => !ADDRESSES.includes(needle));
      for (const needle of unlogged) assert.ok(!logged.some((line) => line.includes(needle)), `a log holds ${needle}`);
      assert.ok(logged.length > 0);
    } finally {
      await t.close();
    }
  });
});
