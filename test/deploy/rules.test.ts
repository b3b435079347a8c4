import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { ADMIN_TOKEN, AUTH } from '../support/admin.js';
import { startTestApp } from '../support/app.js';

const RULES = 'deploy/prometheus/slotmoji-alerts.yml';
const RULE_TESTS = 'deploy/prometheus/slotmoji-alerts.test.yml';
/** Debian's prometheus package; scripts/ensure-deploy-tools.sh installs it before the tests. */
const PROMTOOL = '/usr/bin/promtool';

/** Series Prometheus makes itself, not scraped from anyone. */
const PROMETHEUS_OWN = new Set(['up']);
/** PromQL's words that look like metric names. */
const PROMQL_WORDS = new Set(['sum', 'max', 'min', 'avg', 'count', 'rate', 'irate', 'increase', 'by', 'without', 'on', 'ignoring', 'and', 'or', 'unless', 'bool', 'group_left', 'group_right', 'offset', 'histogram_quantile']);

const promtool = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(PROMTOOL, args);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
};

/** The metric names an expression reads: what is left once strings, label matchers, ranges, groupings, numbers and PromQL's words are taken out. */
function metricNames(expression: string): string[] {
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  return [...bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)].map((match) => match[0]).filter((word) => !PROMQL_WORDS.has(word));
}

describe('the Prometheus alerting rules (deploy/prometheus)', () => {
  it('pass promtool check rules', async () => {
    const checked = await promtool('check', 'rules', RULES);
    assert.equal(checked.code, 0, checked.output);
    assert.match(checked.output, /SUCCESS: 5 rules found/);
  });

  it('pass their own unit tests (promtool test rules)', async () => {
    const tested = await promtool('test', 'rules', RULE_TESTS);
    assert.equal(tested.code, 0, tested.output);
  });

  it('alert on exactly the five conditions of decisions §20', () => {
    const names = [...readFileSync(RULES, 'utf8').matchAll(/^\s*- alert: (\S+)$/gm)].map((match) => match[1]);
    assert.deepEqual(names, ['SlotmojiWebhookEndpointFailing', 'SlotmojiWebhookDeliveriesLate', 'SlotmojiInstanceBehindChangeLog', 'SlotmojiServerErrors', 'SlotmojiDown']);
  });

  it('name only metrics that /metrics exports', async () => {
    const text = readFileSync(RULES, 'utf8');
    // Each expression: one line after `expr:`, or the indented block after `expr: |`.
    const expressions = [...text.matchAll(/expr: (?:\|\n((?:\s{10,}.*\n)+)|(.*))/g)].map((match) => match[1] ?? match[2] ?? '');
    assert.equal(expressions.length, 5);
    const named = new Set(expressions.flatMap(metricNames).filter((name) => !PROMETHEUS_OWN.has(name)));
    const t = await startTestApp({ env: { ADMIN_TOKEN } });
    try {
      const exposition = (await t.app.inject({ url: '/metrics', headers: AUTH })).body;
      const exported = new Set([...exposition.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]));
      assert.deepEqual([...named].sort(), ['change_log_behind_seconds', 'http_requests_total', 'webhook_endpoint_failing', 'webhook_endpoint_oldest_undelivered_seconds']);
      for (const name of named) assert.ok(exported.has(name), `${name} is not exported by /metrics`);
    } finally {
      await t.close();
    }
  });
});

describe('the systemd unit (deploy/systemd)', () => {
  it('runs the built server as its own user, on a read-only system, without new privileges', () => {
    const unit = readFileSync('deploy/systemd/slotmoji@.service', 'utf8');
    const settings = new Map([...unit.matchAll(/^(\w+)=(.*)$/gm)].map((match) => [match[1], match[2]]));
    assert.equal(settings.get('User'), 'slotmoji');
    assert.equal(settings.get('NoNewPrivileges'), 'yes');
    assert.equal(settings.get('ProtectSystem'), 'strict');
    assert.equal(settings.get('CapabilityBoundingSet'), '');
    assert.equal(settings.get('ExecStart'), '/usr/bin/node dist/server.js');
  });
});
