import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, AUTH } from '../../support/admin.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { slotFields } from '../../support/fixtures.js';
import { json } from '../../support/http.js';
import { openStream } from '../../support/sse.js';

/** The value of one sample of the exposition, or undefined when it is not there. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** Every metric of decisions §20's signals, which the alerting rules (deploy/) read. */
const SIGNALS = [
  'webhook_deliveries_total',
  'webhook_endpoint_undelivered_changes',
  'webhook_endpoint_oldest_undelivered_seconds',
  'webhook_endpoint_failing',
  'change_log_applied_sequence',
  'change_log_latest_sequence',
  'change_log_behind_seconds',
  'change_streams_open',
  'audit_entries_pruned_total',
] as const;

describe('the production signals on /metrics (decisions §20)', () => {
  let t: TestApp;
  let clock = Date.parse('2026-06-01T12:00:00.000Z');
  const tallies = { delivered: 7, failed: 2, gone: 1 };
  before(async () => {
    t = await startTestApp({
      env: { ADMIN_TOKEN, WEBHOOK_ALLOW_PRIVATE: 'true' },
      deps: { now: () => clock, tallies: { deliveries: () => tallies, auditPruned: () => 42 } },
    });
  });
  after(() => t.close());
  const metrics = async () => {
    const answer = await t.app.inject({ url: '/metrics', headers: AUTH });
    assert.equal(answer.statusCode, 200);
    return answer.body;
  };

  it('says what each means in a # HELP line', async () => {
    const text = await metrics();
    for (const name of SIGNALS) assert.match(text, new RegExp(`^# HELP ${name} \\S.{20,}$`, 'm'), name);
  });

  it('reports deliveries by outcome and the audit entries pruned, as the background work counted them', async () => {
    const text = await metrics();
    assert.equal(sample(text, 'webhook_deliveries_total', '{outcome="delivered"}'), 7);
    assert.equal(sample(text, 'webhook_deliveries_total', '{outcome="failed"}'), 2);
    assert.equal(sample(text, 'webhook_deliveries_total', '{outcome="gone"}'), 1);
    assert.equal(sample(text, 'audit_entries_pruned_total'), 42);
  });

  it('reports per endpoint the changes not yet sent and the age of the oldest, and the sequence applied beside the store\'s latest', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: AUTH, payload: { url: 'http://127.0.0.1:9/hooks', events: ['slot.upserted'] } });
    const { id } = json<{ id: number }>(created);
    const endpoint = `{endpoint="${id}"}`;
    let text = await metrics();
    assert.equal(sample(text, 'webhook_endpoint_undelivered_changes', endpoint), 0);
    assert.equal(sample(text, 'webhook_endpoint_oldest_undelivered_seconds', endpoint), 0);
    assert.equal(sample(text, 'webhook_endpoint_failing', endpoint), 0);

    for (const name of ['Signal One', 'Signal Two']) {
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name }) })).statusCode, 201);
    }
    // Nothing delivers in this app: both writes wait, the older logged at the clock's time; 90 s later:
    const written = Date.parse((await t.store.readChanges(t.catalogue.position - 2, 1)).changes?.[0]?.time ?? '');
    clock = written + 90_000;
    text = await metrics();
    assert.equal(sample(text, 'webhook_endpoint_undelivered_changes', endpoint), 2);
    assert.equal(sample(text, 'webhook_endpoint_oldest_undelivered_seconds', endpoint), 90);
    assert.equal(sample(text, 'change_log_applied_sequence'), t.catalogue.position);
    assert.equal(sample(text, 'change_log_latest_sequence'), t.catalogue.position);
    assert.equal(sample(text, 'change_log_behind_seconds'), 0);
  });

  it('counts the change streams open here', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    assert.ok(address !== null && typeof address === 'object');
    assert.equal(sample(await metrics(), 'change_streams_open'), 0);
    const streams = await Promise.all([1, 2].map(() => openStream(address.port, '/api/changes/stream')));
    try {
      assert.equal(sample(await metrics(), 'change_streams_open'), 2);
    } finally {
      for (const stream of streams) stream.cut();
    }
  });
});
