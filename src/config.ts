import { isAbsolute, resolve } from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';

/** Where the catalogue is stored: an SQLite file (default) or a PostgreSQL database. */
export type DatabaseConfig =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string };

export interface RateLimitConfig {
  readonly perMinute: number;
  readonly perHour: number;
  readonly perDay: number;
  /** Leading bits of an IPv6 address that name one client: the network a subscriber is given. */
  readonly ipv6Prefix: number;
}

/**
 * Which proxies in front of the service are believed, with Express's and Fastify's meanings: none
 * (false), all (true), the nearest N hops, or those at the listed addresses and CIDR ranges.
 */
export type TrustProxy = boolean | number | readonly string[];

/** How much of the change log is kept: the latest N changes, or those of the last `ms` milliseconds. */
export type ChangesRetention = { readonly kind: 'count'; readonly changes: number } | { readonly kind: 'age'; readonly ms: number };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Absolute origin (no trailing slash) used for slot page URLs, or undefined to use the request's own. */
  readonly publicBaseUrl: string | undefined;
  readonly database: DatabaseConfig;
  readonly redisUrl: string | undefined;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  readonly redisKeyPrefix: string;
  /** Longest a Redis round trip may take before this instance counts by itself instead. */
  readonly redisTimeoutMs: number;
  readonly rateLimit: RateLimitConfig;
  readonly trustProxy: TrustProxy;
  readonly adminToken: string | undefined;
  readonly logLevel: LogLevel;
  readonly workers: number;
  /** Audit entries older than this many days are pruned (decisions §17). */
  readonly auditRetentionDays: number;
  /** What the change log keeps, and so how far back the feed and the stream can resume. */
  readonly changesRetention: ChangesRetention;
  /** Whether webhooks may go to loopback, private and link-local addresses (tests, closed networks). */
  readonly webhookAllowPrivate: boolean;
  /** What visitors ask for is counted (decisions §21) unless `INSIGHTS=off`; daily counts are kept `retentionDays`. */
  readonly insights: { readonly enabled: boolean; readonly retentionDays: number };
  /** Console sessions end after this long without a request, and at the latest after `maxHours` (decisions §18). */
  readonly session: { readonly idleMinutes: number; readonly maxHours: number };
  /** The age recipients (`age1…`) `npm run backup` encrypts to when none is given on its command line (decisions §20). */
  readonly backupRecipients: readonly string[];
}

/** An unusable setting; its message is one line naming the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DEFAULT_SQLITE_PATH = 'data/slotmoji.db';
const MIN_ADMIN_TOKEN_LENGTH = 16;

type Env = Readonly<Record<string, string | undefined>>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

const MAX_TRUSTED_HOPS = 1000;
/** The ranges proxy-addr knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** Whether proxy-addr, which decides trust at run time, takes the list. */
function compiles(addresses: readonly string[]): boolean {
  try {
    proxyAddr.compile([...addresses]);
    return true;
  } catch {
    return false;
  }
}

const isWrittenInFull = (address: string) => ipaddr.IPv4.isValidFourPartDecimal(address) || ipaddr.IPv6.isValid(address);

function trustProxy(env: Env): TrustProxy {
  const raw = read(env, 'TRUST_PROXY');
  const lower = raw?.toLowerCase();
  if (raw === undefined || lower === 'false') return false;
  if (lower === 'true') return true;
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 0, MAX_TRUSTED_HOPS);
  const addresses = raw.split(',').map((entry) => entry.trim());
  // Only dotted-quad IPv4, so `1.5` is no hop count misread as the address 1.0.0.5.
  if (!addresses.every((entry) => NAMED_RANGES.has(entry) || isWrittenInFull(entry.split('/')[0] ?? '')) || !compiles(addresses)) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count from 0 to ${MAX_TRUSTED_HOPS}, or a comma-separated list of IP addresses and CIDR ranges, got "${raw}"`,
    );
  }
  return addresses;
}

function httpUrl(env: Env, name: string): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ConfigError(`${name} must not carry a query or fragment, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

function database(env: Env, cwd: string): DatabaseConfig {
  const raw = read(env, 'DATABASE_URL');
  if (raw === undefined) return { kind: 'sqlite', path: resolve(cwd, DEFAULT_SQLITE_PATH) };
  if (/^postgres(ql)?:\/\//i.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError(`DATABASE_URL is not a valid postgres:// URL`);
    }
    return { kind: 'postgres', url: raw };
  }
  const sqlite = /^sqlite:(?:\/\/)?(.*)$/i.exec(raw);
  const path = sqlite ? sqlite[1] ?? '' : raw;
  if (path === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    throw new ConfigError(`DATABASE_URL must be sqlite:///path/to/file.db, a file path, or postgres://…, got "${raw}"`);
  }
  return { kind: 'sqlite', path: isAbsolute(path) ? path : resolve(cwd, path) };
}

function redis(env: Env): string | undefined {
  const raw = read(env, 'REDIS_URL');
  if (raw === undefined) return undefined;
  if (!/^rediss?:\/\/[^\s]+$/i.test(raw)) {
    throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL, got "${raw}"`);
  }
  return raw;
}

function adminToken(env: Env): string | undefined {
  const raw = read(env, 'ADMIN_TOKEN');
  if (raw !== undefined && raw.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new ConfigError(`ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters long`);
  }
  return raw;
}

const DURATION_UNITS_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const MAX_RETAINED_CHANGES = 1_000_000_000;
const MAX_RETENTION_MS = 3650 * 86_400_000;

/** A week by default: ordinary editing, whatever its pace, stays resumable over a holiday. */
function changesRetention(env: Env): ChangesRetention {
  const raw = read(env, 'CHANGES_RETENTION') ?? '7d';
  const count = /^\d+$/.test(raw) ? Number(raw) : undefined;
  if (count !== undefined && count >= 1 && count <= MAX_RETAINED_CHANGES) return { kind: 'count', changes: count };
  const duration = /^(\d+)([smhd])$/.exec(raw);
  const ms = duration === null ? undefined : Number(duration[1]) * (DURATION_UNITS_MS[duration[2] ?? ''] ?? 0);
  if (ms !== undefined && ms >= 1000 && ms <= MAX_RETENTION_MS) return { kind: 'age', ms };
  throw new ConfigError(`CHANGES_RETENTION must be a number of changes (1 to ${MAX_RETAINED_CHANGES}) or a duration such as 7d, 48h, 90m or 30s (up to 3650d), got "${raw}"`);
}

/** BACKUP_RECIPIENTS: age recipients, comma-separated; checked as keys by the backup that uses them. */
function backupRecipients(env: Env): readonly string[] {
  const list = (read(env, 'BACKUP_RECIPIENTS') ?? '').split(',').map((recipient) => recipient.trim()).filter((recipient) => recipient !== '');
  const wrong = list.find((recipient) => !/^age1[0-9a-z]+$/.test(recipient));
  if (wrong !== undefined) throw new ConfigError(`BACKUP_RECIPIENTS must be age recipients (age1…) separated by commas, got "${wrong}"`);
  return list;
}

function flag(env: Env, name: string): boolean {
  const raw = read(env, name)?.toLowerCase() ?? 'false';
  if (raw !== 'true' && raw !== 'false') throw new ConfigError(`${name} must be true or false, got "${raw}"`);
  return raw === 'true';
}

function onOff(env: Env, name: string): boolean {
  const raw = read(env, name)?.toLowerCase() ?? 'on';
  if (raw !== 'on' && raw !== 'off') throw new ConfigError(`${name} must be on or off, got "${raw}"`);
  return raw === 'on';
}

function logLevel(env: Env): LogLevel {
  const raw = read(env, 'LOG_LEVEL')?.toLowerCase() ?? 'info';
  const level = LOG_LEVELS.find((candidate) => candidate === raw);
  if (level === undefined) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  return level;
}

/** Reads and validates every setting. The only place in the service that looks at the environment. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const keyPrefix = read(env, 'REDIS_KEY_PREFIX') ?? 'slotmoji';
  if (!/^[\w:.-]{1,64}$/.test(keyPrefix)) {
    throw new ConfigError(`REDIS_KEY_PREFIX must be 1-64 characters of letters, digits, _ : . -, got "${keyPrefix}"`);
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: read(env, 'HOST') ?? '127.0.0.1',
    publicBaseUrl: httpUrl(env, 'PUBLIC_BASE_URL'),
    database: database(env, cwd),
    redisUrl: redis(env),
    redisKeyPrefix: keyPrefix,
    redisTimeoutMs: integer(env, 'REDIS_TIMEOUT_MS', 1000, 10, 60_000),
    rateLimit: {
      perMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 100, 1, 1_000_000_000),
      perHour: integer(env, 'RATE_LIMIT_PER_HOUR', 1000, 1, 1_000_000_000),
      perDay: integer(env, 'RATE_LIMIT_PER_DAY', 10000, 1, 1_000_000_000),
      ipv6Prefix: integer(env, 'RATE_LIMIT_IPV6_PREFIX', 56, 32, 128),
    },
    trustProxy: trustProxy(env),
    adminToken: adminToken(env),
    logLevel: logLevel(env),
    workers: integer(env, 'WORKERS', 1, 1, 64),
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 365, 1, 36_500),
    changesRetention: changesRetention(env),
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE'),
    insights: { enabled: onOff(env, 'INSIGHTS'), retentionDays: integer(env, 'INSIGHTS_RETENTION_DAYS', 400, 1, 36_500) },
    session: { idleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 30, 1, 1440), maxHours: integer(env, 'SESSION_MAX_HOURS', 12, 1, 720) },
    backupRecipients: backupRecipients(env),
  };
}
