import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { ADMIN_TOKEN } from '../support/admin.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { assertSound, cpuMsSince } from './invariants.js';
import { request, type FuzzRequest } from './requests.js';
import { fuzz } from './settings.js';

async function send(t: TestApp, fuzzed: FuzzRequest) {
  const started = process.cpuUsage();
  const response = await t.app.inject({
    method: fuzzed.method as InjectOptions['method'],
    // inject parses the URL as WHATWG does, where a leading "/\" starts a host name; the socket pass sends it as is.
    url: fuzzed.url.replace(/^\/\\/, '/%5C'),
    headers: fuzzed.headers,
    ...(fuzzed.body === undefined ? {} : { payload: fuzzed.body }),
  });
  return { response, cpuMs: cpuMsSince(started) };
}

/** The service still answers ordinary requests, and its emoji figures still agree with its slots. */
async function assertHealthy(t: TestApp): Promise<void> {
  // From an address of its own, so the fuzzed requests' rate-limit counts do not matter.
  const list = await t.app.inject({ url: '/api/slots?limit=1000', remoteAddress: '198.51.100.1' });
  assert.equal(list.statusCode, 200, list.body);
  const stats = await t.app.inject({ url: '/api/emojis/stats', remoteAddress: '198.51.100.1' });
  assert.equal(stats.statusCode, 200, stats.body);
  const slots = list.json<{ slots: { emojiTags: string[] }[] }>().slots;
  const usage = slots.reduce((sum, slot) => sum + slot.emojiTags.length, 0);
  assert.equal(stats.json<{ totalUsage: number }>().totalUsage, usage);
}

describe('fuzzing every route through inject', { timeout: 120_000 }, () => {
  let withAdmin: TestApp;
  let withoutAdmin: TestApp;

  before(async () => {
    // Proxy headers count here, so generated X-Forwarded-* reach the client key and base URL code.
    withAdmin = await startTestApp({ env: { ADMIN_TOKEN, TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_PER_HOUR: '1000000', RATE_LIMIT_PER_DAY: '1000000' } });
    // Admin off and the default limits, so the 401 and 429 answers are fuzzed as well.
    withoutAdmin = await startTestApp();
  });
  after(async () => {
    await withAdmin.close();
    await withoutAdmin.close();
  });

  it('never answers 5xx, always sends CORS, and costs no answer a second of CPU (admin on)', async () => {
    await fuzz(
      fc.asyncProperty(request, async (fuzzed) => {
        const { response, cpuMs } = await send(withAdmin, fuzzed);
        assertSound({ statusCode: response.statusCode, headers: response.headers, body: response.body }, cpuMs, fuzzed.method);
      }),
      1500,
    );
    await assertHealthy(withAdmin);
  });

  it('never answers 5xx, always sends CORS, and costs no answer a second of CPU (admin off, default limits)', async () => {
    await fuzz(
      fc.asyncProperty(request, async (fuzzed) => {
        const { response, cpuMs } = await send(withoutAdmin, fuzzed);
        assertSound({ statusCode: response.statusCode, headers: response.headers, body: response.body }, cpuMs, fuzzed.method);
      }),
      500,
    );
    await assertHealthy(withoutAdmin);
  });
});
