import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('works on an empty environment with the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.publicBaseUrl, undefined);
    assert.deepEqual(config.database, { kind: 'sqlite', path: '/srv/app/data/slotmoji.db' });
    assert.equal(config.redisUrl, undefined);
    assert.equal(config.redisTimeoutMs, 1000);
    assert.deepEqual(config.rateLimit, { perMinute: 100, perHour: 1000, perDay: 10000, ipv6Prefix: 56 });
    assert.equal(config.trustProxy, false);
    assert.equal(config.adminToken, undefined);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.workers, 1);
    assert.deepEqual(config.session, { idleMinutes: 30, maxHours: 12 });
    assert.deepEqual(config.changesRetention, { kind: 'age', ms: 7 * 86_400_000 });
  });

  it('counts insights unless INSIGHTS=off, keeping daily counts INSIGHTS_RETENTION_DAYS (400 by default)', () => {
    assert.deepEqual(loadConfig({}, '/srv').insights, { enabled: true, retentionDays: 400 });
    assert.deepEqual(loadConfig({ INSIGHTS: 'OFF', INSIGHTS_RETENTION_DAYS: '30' }, '/srv').insights, { enabled: false, retentionDays: 30 });
    assert.throws(() => loadConfig({ INSIGHTS: 'no' }, '/srv'), (error: unknown) => error instanceof ConfigError && /^INSIGHTS must be on or off/.test(error.message));
    assert.throws(() => loadConfig({ INSIGHTS_RETENTION_DAYS: '0' }, '/srv'), (error: unknown) => error instanceof ConfigError && /^INSIGHTS_RETENTION_DAYS must be/.test(error.message));
  });

  it('reads CHANGES_RETENTION as a count of changes or an age', () => {
    assert.deepEqual(loadConfig({ CHANGES_RETENTION: '10000' }, '/srv').changesRetention, { kind: 'count', changes: 10_000 });
    assert.deepEqual(loadConfig({ CHANGES_RETENTION: '48h' }, '/srv').changesRetention, { kind: 'age', ms: 48 * 3_600_000 });
    assert.deepEqual(loadConfig({ CHANGES_RETENTION: '90m' }, '/srv').changesRetention, { kind: 'age', ms: 90 * 60_000 });
    assert.deepEqual(loadConfig({ CHANGES_RETENTION: '30s' }, '/srv').changesRetention, { kind: 'age', ms: 30_000 });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        PUBLIC_BASE_URL: 'https://slots.example/',
        DATABASE_URL: 'postgres://user@db:5432/slots',
        REDIS_URL: 'redis://cache:6379',
        REDIS_TIMEOUT_MS: '250',
        RATE_LIMIT_PER_MINUTE: '60',
        RATE_LIMIT_PER_HOUR: '600',
        RATE_LIMIT_PER_DAY: '6000',
        RATE_LIMIT_IPV6_PREFIX: '48',
        TRUST_PROXY: 'true',
        ADMIN_TOKEN: 'a-very-long-admin-token',
        LOG_LEVEL: 'warn',
        WORKERS: '2',
        SESSION_IDLE_MINUTES: '15',
        SESSION_MAX_HOURS: '8',
      },
      '/srv/app',
    );
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.publicBaseUrl, 'https://slots.example');
    assert.deepEqual(config.database, { kind: 'postgres', url: 'postgres://user@db:5432/slots' });
    assert.equal(config.redisUrl, 'redis://cache:6379');
    assert.equal(config.redisTimeoutMs, 250);
    assert.deepEqual(config.rateLimit, { perMinute: 60, perHour: 600, perDay: 6000, ipv6Prefix: 48 });
    assert.equal(config.trustProxy, true);
    assert.equal(config.adminToken, 'a-very-long-admin-token');
    assert.equal(config.logLevel, 'warn');
    assert.equal(config.workers, 2);
    assert.deepEqual(config.session, { idleMinutes: 15, maxHours: 8 });
  });

  it('accepts SQLite as sqlite:///absolute, sqlite://relative and a plain path', () => {
    assert.deepEqual(loadConfig({ DATABASE_URL: 'sqlite:///var/lib/slots.db' }, '/srv').database, { kind: 'sqlite', path: '/var/lib/slots.db' });
    assert.deepEqual(loadConfig({ DATABASE_URL: 'sqlite://data/x.db' }, '/srv').database, { kind: 'sqlite', path: '/srv/data/x.db' });
    assert.deepEqual(loadConfig({ DATABASE_URL: './x.db' }, '/srv').database, { kind: 'sqlite', path: '/srv/x.db' });
    assert.deepEqual(loadConfig({ DATABASE_URL: '/tmp/y.db' }, '/srv').database, { kind: 'sqlite', path: '/tmp/y.db' });
  });

  it('reads TRUST_PROXY as false, true, a hop count, or a list of proxy addresses and CIDR ranges', () => {
    const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }, '/srv').trustProxy;
    assert.equal(trustProxy('false'), false);
    assert.equal(trustProxy('FALSE'), false);
    assert.equal(trustProxy(' '), false);
    assert.equal(trustProxy('True'), true);
    assert.equal(trustProxy('0'), 0);
    assert.equal(trustProxy('1'), 1);
    assert.equal(trustProxy('3'), 3);
    assert.deepEqual(trustProxy('10.0.0.1'), ['10.0.0.1']);
    assert.deepEqual(trustProxy('10.0.0.0/8, 2001:db8::/32 ,192.0.2.7,loopback'), ['10.0.0.0/8', '2001:db8::/32', '192.0.2.7', 'loopback']);
  });

  it('reads RATE_LIMIT_IPV6_PREFIX from 32 to 128 bits', () => {
    assert.equal(loadConfig({ RATE_LIMIT_IPV6_PREFIX: '32' }, '/srv').rateLimit.ipv6Prefix, 32);
    assert.equal(loadConfig({ RATE_LIMIT_IPV6_PREFIX: '128' }, '/srv').rateLimit.ipv6Prefix, 128);
  });

  const invalid: [string, Record<string, string>][] = [
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['RATE_LIMIT_PER_MINUTE', { RATE_LIMIT_PER_MINUTE: '-1' }],
    ['RATE_LIMIT_PER_MINUTE', { RATE_LIMIT_PER_MINUTE: '0' }],
    ['RATE_LIMIT_PER_HOUR', { RATE_LIMIT_PER_HOUR: '1.5' }],
    ['RATE_LIMIT_PER_DAY', { RATE_LIMIT_PER_DAY: '1e3' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'not a url' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'ftp://x' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x/y' }],
    ['REDIS_URL', { REDIS_URL: 'http://cache' }],
    ['REDIS_TIMEOUT_MS', { REDIS_TIMEOUT_MS: '9' }],
    ['REDIS_TIMEOUT_MS', { REDIS_TIMEOUT_MS: 'one second' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['TRUST_PROXY', { TRUST_PROXY: '-1' }],
    ['TRUST_PROXY', { TRUST_PROXY: '1.5' }],
    ['TRUST_PROXY', { TRUST_PROXY: '1001' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1,,10.0.0.2' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1, proxy.internal' }],
    ['TRUST_PROXY', { TRUST_PROXY: '2001:db8::/129' }],
    ['RATE_LIMIT_IPV6_PREFIX', { RATE_LIMIT_IPV6_PREFIX: '31' }],
    ['RATE_LIMIT_IPV6_PREFIX', { RATE_LIMIT_IPV6_PREFIX: '129' }],
    ['RATE_LIMIT_IPV6_PREFIX', { RATE_LIMIT_IPV6_PREFIX: '/56' }],
    ['RATE_LIMIT_IPV6_PREFIX', { RATE_LIMIT_IPV6_PREFIX: 'fifty-six' }],
    ['ADMIN_TOKEN', { ADMIN_TOKEN: 'short' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['WORKERS', { WORKERS: '0' }],
    ['CHANGES_RETENTION', { CHANGES_RETENTION: '0' }],
    ['CHANGES_RETENTION', { CHANGES_RETENTION: '-5' }],
    ['CHANGES_RETENTION', { CHANGES_RETENTION: '7 days' }],
    ['CHANGES_RETENTION', { CHANGES_RETENTION: '1w' }],
    ['CHANGES_RETENTION', { CHANGES_RETENTION: '0d' }],
    ['CHANGES_RETENTION', { CHANGES_RETENTION: '99999d' }],
    ['SESSION_IDLE_MINUTES', { SESSION_IDLE_MINUTES: '0' }],
    ['SESSION_IDLE_MINUTES', { SESSION_IDLE_MINUTES: 'half an hour' }],
    ['SESSION_MAX_HOURS', { SESSION_MAX_HOURS: '721' }],
  ];
  for (const [variable, env] of invalid) {
    it(`rejects ${JSON.stringify(env)} naming ${variable} in one line`, () => {
      assert.throws(
        () => loadConfig(env, '/srv'),
        (error: unknown) => error instanceof ConfigError && error.message.startsWith(variable) && !error.message.includes('\n'),
      );
    });
  }
});
