/*
 * An instance's webhook delivery alone, as a process of its own that a test can kill while it holds
 * a lease: `node --import tsx test/support/webhook-worker.ts sqlite|postgres <path or URL>`.
 * Short timeout and lease, so the test waits seconds, not minutes; says "leased" on stdout once a
 * delivery is under way.
 */
import { PostgresStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { WebhookDelivery } from '../../src/webhooks/delivery.js';

const [kind, location = ''] = process.argv.slice(2);
const store = kind === 'postgres' ? new PostgresStore(location) : new SqliteStore(location);
await store.migrate();
const delivery = new WebhookDelivery({
  store,
  baseUrl: 'http://mirror.test',
  allowPrivate: true,
  owner: 'doomed-instance',
  timeoutMs: 1_000,
  leaseMs: 1_500,
  pollMs: 20,
  onTrouble: (error) => process.stderr.write(`${String(error)}\n`),
});
delivery.start();
// The delivery's own timer does not hold a process open (a server's listening socket does); this stands in for it.
setInterval(() => undefined, 60_000);
process.stdout.write('started\n');
