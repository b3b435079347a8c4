import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { deleteKeys, REDIS_URL, testKeyPrefix } from '../ratelimit/redis-support.js';
import { ADMIN_TOKEN } from '../support/admin.js';
import { slotFields } from '../support/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { freePort, startServer, type ServerProcess } from '../support/process.js';
import { eventually } from '../support/wait.js';

/** Debian's nginx; scripts/ensure-deploy-tools.sh installs it before the tests. */
const NGINX = '/usr/sbin/nginx';
const PER_MINUTE = 20;
/**
 * The instances' Redis command timeout. The test is about the count they share: past the default 1 s, which a
 * server starved of CPU beside the suite has taken, each instance counts by itself, by design.
 */
const REDIS_PATIENCE_MS = 30_000;

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/**
 * deploy/nginx/slotmoji.conf run for real by Debian's nginx, with only its ports and certificate paths
 * filled in, in front of two instances on PostgreSQL and Redis (decisions §20, behind a proxy).
 */
describe('deploy/nginx/slotmoji.conf in front of two instances', { timeout: 180_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-nginx-'));
  const prefix = testKeyPrefix();
  let database: TestDatabase;
  let instances: ServerProcess[] = [];
  let nginx: ChildProcess | undefined;
  let https = 0;
  let ca: Buffer;
  const agent = () => new Agent({ keepAlive: true, ca });

  /** A request through nginx over TLS, from `client` (a loopback address of its own: nginx names it to the instances). */
  const through = (path: string, options: { method?: string; headers?: Record<string, string>; body?: string; client?: string; via?: Agent } = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const sent = request(
        { host: '127.0.0.1', port: https, servername: 'localhost', path, method: options.method ?? 'GET', headers: { host: `localhost:${https}`, ...options.headers }, ca, localAddress: options.client ?? '127.0.0.1', agent: options.via ?? false },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
          response.on('error', reject);
        },
      );
      sent.on('error', reject);
      sent.end(options.body);
    });

  before(async () => {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'], { stdio: 'pipe' });
    ca = readFileSync(join(dir, 'cert.pem'));
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.url, REDIS_URL, REDIS_KEY_PREFIX: prefix, TRUST_PROXY: 'loopback', ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), REDIS_TIMEOUT_MS: String(REDIS_PATIENCE_MS) };
    // One after the other: the first makes the database's tables and fills it.
    instances.push(await startServer(env, 60_000));
    instances.push(await startServer(env, 60_000));
    const [first, second] = instances as [ServerProcess, ServerProcess];
    const http = await freePort();
    https = await freePort();
    const site = readFileSync('deploy/nginx/slotmoji.conf', 'utf8')
      .replace('127.0.0.1:3000', `127.0.0.1:${first.port}`)
      .replace('127.0.0.1:3001', `127.0.0.1:${second.port}`)
      .replace(/^\s*listen \[::\]:.*$/gm, '')
      .replace('listen 80;', `listen 127.0.0.1:${http};`)
      .replace('listen 443 ssl;', `listen 127.0.0.1:${https} ssl;`)
      .replace('/etc/ssl/slotmoji/fullchain.pem', join(dir, 'cert.pem'))
      .replace('/etc/ssl/slotmoji/privkey.pem', join(dir, 'key.pem'));
    writeFileSync(join(dir, 'slotmoji.conf'), site);
    mkdirSync(join(dir, 'temp'));
    writeFileSync(
      join(dir, 'nginx.conf'),
      `daemon off;\nuser root root;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 1024; }\n` +
        `http {\n  access_log off;\n  client_body_temp_path ${dir}/temp/body;\n  proxy_temp_path ${dir}/temp/proxy;\n  fastcgi_temp_path ${dir}/temp/fastcgi;\n  uwsgi_temp_path ${dir}/temp/uwsgi;\n  scgi_temp_path ${dir}/temp/scgi;\n  include ${dir}/slotmoji.conf;\n}\n`,
    );
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    await eventually(async () => (await through('/healthz').then((answer) => answer.status, () => 0)) === 200, 10_000, `nginx answering: ${readFileSyncSafe(join(dir, 'error.log'))}`);
  });

  after(async () => {
    if (nginx?.exitCode === null) {
      const exited = new Promise((resolve) => nginx?.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    for (const instance of instances) await instance.kill();
    instances = [];
    await database?.drop();
    await deleteKeys(prefix);
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts the real client (X-Forwarded-For) in the rate limit, across both instances', async () => {
    const statuses: number[] = [];
    // Round robin sends these to both instances; their counts meet in Redis.
    for (let i = 0; i <= PER_MINUTE; i++) statuses.push((await through('/api/slots/wild-swarm', { client: '127.0.0.2' })).status);
    assert.deepEqual(statuses.slice(0, PER_MINUTE), Array<number>(PER_MINUTE).fill(200));
    assert.equal(statuses[PER_MINUTE], 429, 'the client is refused after its limit, counted on both instances together');
    // Another client is counted apart: nginx named it, not itself.
    assert.equal((await through('/api/slots/wild-swarm', { client: '127.0.0.3' })).status, 200);
  });

  it('brings an event to a stream through nginx within a second of the write', async () => {
    const events: string[] = [];
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const stream = request({ host: '127.0.0.1', port: https, servername: 'localhost', path: '/api/changes/stream', headers: { host: `localhost:${https}`, accept: 'text/event-stream' }, ca, localAddress: '127.0.0.4' }, (response) => {
      assert.equal(response.statusCode, 200);
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        events.push(chunk);
        opened();
      });
    });
    stream.on('error', () => undefined);
    stream.end();
    try {
      await open;
      const written = performance.now();
      const created = await through('/api/admin/slots', { method: 'POST', client: '127.0.0.5', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(slotFields({ name: 'Through The Proxy' })) });
      assert.equal(created.status, 201, created.body);
      await eventually(() => events.join('').includes('Through The Proxy'), 1_000, 'the event through nginx');
      assert.ok(performance.now() - written < 1_000 + 100);
    } finally {
      stream.destroy();
    }
  });

  it('gives the console a __Host- cookie, Secure, behind TLS', async () => {
    const made = await through('/api/admin/operators', { method: 'POST', client: '127.0.0.6', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'proxied', role: 'owner', password: 'a long enough password' }) });
    assert.equal(made.status, 201, made.body);
    const signedIn = await through('/admin/sign-in', {
      method: 'POST',
      client: '127.0.0.6',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `https://localhost:${https}` },
      body: new URLSearchParams({ name: 'proxied', password: 'a long enough password' }).toString(),
    });
    assert.equal(signedIn.status, 303, signedIn.body);
    const cookie = String(signedIn.headers['set-cookie']);
    assert.match(cookie, /^__Host-slotmoji-session=/);
    assert.match(cookie, /; Secure/i);
    assert.match(cookie, /; Path=\//);
  });

  it('costs no client a 5xx when one instance gets SIGTERM under load', async () => {
    const [, second] = instances as [ServerProcess, ServerProcess];
    const seen = new Map<string, number>();
    let answered = 0;
    let client = 0;
    let stop = false;
    const load = async (via: Agent) => {
      while (!stop) {
        // Each request from an address of its own, so the rate limit never speaks.
        const from = `127.0.1.${(client++ % 250) + 1}`;
        const answer = await through(client % 3 === 0 ? '/api/slots?limit=5' : '/api/slots/wild-swarm', { client: from, via }).then(
          (got) => String(got.status),
          (error: NodeJS.ErrnoException) => `error ${error.code ?? error.message}`,
        );
        seen.set(answer, (seen.get(answer) ?? 0) + 1);
        answered++;
      }
    };
    // Counted in answers, not in time, so that a busy machine makes the test slower, not weaker.
    const answersPast = async (count: number) => {
      const target = answered + count;
      while (answered < target) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const agents = [agent(), agent(), agent(), agent()];
    const loads = agents.map(load);
    await answersPast(50);
    const beforeStop = answered;
    const exitCode = await second.stop();
    const duringStop = answered - beforeStop;
    await answersPast(50);
    stop = true;
    await Promise.all(loads);
    for (const one of agents) one.destroy();
    assert.equal(exitCode, 0, 'the instance exited cleanly');
    assert.ok(duringStop > 0, 'requests were answered while the instance stopped');
    const answers = Object.fromEntries(seen);
    assert.deepEqual(Object.keys(answers), ['200'], `every answer a 200: ${JSON.stringify(answers)}`);
  });
});

function readFileSyncSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
