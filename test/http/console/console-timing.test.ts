import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../support/app.js';
import { addOperator, FORM, form, signIn } from '../../support/console.js';

const MINUTE = 60_000;

/** Session lifetimes and sign-in throttling on a clock the test moves (decisions §18). */
describe('console session timeouts and sign-in throttling', () => {
  let test: TestApp;
  // After the operators were made (on the real clock), as a session must begin after its operator's last change.
  let now = Date.now() + MINUTE;
  before(async () => {
    test = await startTestApp({ deps: { now: () => now }, env: { SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '12' } });
    for (const name of ['olive', 'eddie', 'nina', 'ruth']) await addOperator(test.store.access, name, 'editor');
  });
  after(() => test.close());

  const opens = async (cookie: string) => (await test.app.inject({ url: '/admin', headers: { cookie } })).statusCode === 200;
  const attempt = (name: string, password: string, remoteAddress = '127.0.0.1') =>
    test.app.inject({ method: 'POST', url: '/admin/sign-in', remoteAddress, headers: FORM, payload: form({ name, password }) });

  it('ends a session after 30 minutes without a request', async () => {
    const { cookie } = await signIn(test.app, 'olive');
    now += 29 * MINUTE;
    assert.ok(await opens(cookie));
    now += 29 * MINUTE;
    assert.ok(await opens(cookie), 'each request starts the idle time again');
    now += 31 * MINUTE;
    assert.equal(await opens(cookie), false);
  });

  it('ends a session 12 hours after sign-in however busy it is', async () => {
    const { cookie } = await signIn(test.app, 'eddie');
    for (let hour = 0; hour < 11; hour++) {
      now += 20 * MINUTE;
      assert.ok(await opens(cookie));
      now += 20 * MINUTE;
      assert.ok(await opens(cookie));
      now += 20 * MINUTE;
      assert.ok(await opens(cookie));
    }
    now += 61 * MINUTE;
    assert.equal(await opens(cookie), false);
  });

  it('refuses a name after 5 failures with Retry-After, doubling up to 15 minutes, wrong or right password alike', async () => {
    for (let failure = 0; failure < 5; failure++) assert.equal((await attempt('nina', 'wrong password here')).statusCode, 401);
    const refused = await attempt('nina', 'correct horse battery staple');
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers['retry-after'], '60');
    const waits: string[] = [];
    for (let round = 0; round < 4; round++) {
      now += Number((await attempt('nina', 'wrong password here')).headers['retry-after'] ?? 0) * 1000;
      assert.equal((await attempt('nina', 'wrong password here')).statusCode, 401);
      waits.push(String((await attempt('nina', 'wrong password here')).headers['retry-after']));
    }
    // Doubling, up to 15 minutes; by then the first failures have left the 15-minute window.
    assert.deepEqual(waits, ['120', '240', '480', '900']);
    now += 16 * MINUTE;
    assert.equal((await attempt('nina', 'correct horse battery staple')).statusCode, 303);
  });

  it('refuses a client after 20 failures across names, and lets another client in', async () => {
    for (let failure = 0; failure < 20; failure++) assert.equal((await attempt(`nobody-${failure}`, 'wrong password here', '192.0.2.7')).statusCode, 401);
    const refused = await attempt('ruth', 'correct horse battery staple', '192.0.2.7');
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await attempt('ruth', 'correct horse battery staple', '192.0.2.8')).statusCode, 303);
  });
});
