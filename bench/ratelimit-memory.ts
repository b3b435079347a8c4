/**
 * Memory of the in-process rate limiter under one million distinct clients within one minute
 * (IPv4, then full-length IPv6), after their windows end, and under a flood past its client cap.
 * Run with `npm run bench:ratelimit`. Exits non-zero when a million clients grow the process by
 * more than the 150 MB budget.
 */
import { MemoryRateLimiter } from '../src/ratelimit/memory-limiter.js';

const CLIENTS = 1_000_000;
const FLOOD_CLIENTS = 3_000_000;
const BUDGET_MB = 150;
const DAY_MS = 86_400_000;

const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error('run with node --expose-gc');
const gc: () => void = collect;

interface Usage {
  readonly rss: number;
  readonly heap: number;
}

function usage(): Usage {
  gc();
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heap: heapUsed };
}

const megabytes = (bytes: number) => bytes / 1024 / 1024;
const count = (value: number) => value.toLocaleString('en');

/** Distinct IPv4 addresses from 10.0.0.0 upwards. */
const ipv4 = (index: number) => `${10 + (index >>> 24)}.${(index >>> 16) & 255}.${(index >>> 8) & 255}.${index & 255}`;
/** Distinct IPv6 addresses with no zero group, so each is written out at its full 39 characters. */
const ipv6 = (index: number) =>
  `2001:db8:${['ab12', 'cd34', 'ef56', '789a'].join(':')}:${(0x1000 + (index >>> 16)).toString(16)}:${(0x1000 + (index & 0xffff)).toString(16)}`;

// A fixed moment well inside one minute, hour and day, so every client lands in the same windows.
let now = Date.UTC(2030, 0, 1, 12, 30, 5);
// Prefix 128, the longest IPv6 key: the addresses below share one /56, which the default would count as one client.
const limiter = new MemoryRateLimiter({ limits: { perMinute: 100, perHour: 1000, perDay: 10000, ipv6Prefix: 128 }, now: () => now });
let overBudget = false;

/** Prints how far the process has grown since `from`, and returns where it stands now. */
function report(label: string, from: Usage, budgeted: boolean): Usage {
  const current = usage();
  const rssMb = megabytes(current.rss - from.rss);
  const heapMb = megabytes(current.heap - from.heap);
  const sign = (value: number) => `${value < 0 ? '' : '+'}${value.toFixed(1)}`;
  console.log(`${label}: RSS ${sign(rssMb)} MB, heap ${sign(heapMb)} MB, ${count(limiter.size)} clients held`);
  if (budgeted && rssMb > BUDGET_MB) overBudget = true;
  return current;
}

async function fill(address: (index: number) => string, from: number, clients: number): Promise<void> {
  for (let index = from; index < from + clients; index += 1) await limiter.consume(address(index));
}

function endDay(): void {
  now += DAY_MS;
  limiter.dropExpired();
}

async function phase(address: (index: number) => string, clients: number, label: string, budgeted: boolean): Promise<void> {
  const before = usage();
  await fill(address, 0, clients);
  report(`${count(clients)} distinct ${label} clients within one minute`, before, budgeted);
  endDay();
  report('  after their day ends', before, false);
}

await phase(ipv4, CLIENTS, 'IPv4', true);
await phase(ipv6, CLIENTS, 'IPv6', true);
await phase(ipv4, FLOOD_CLIENTS, 'IPv4 (past the cap: the oldest are forgotten)', false);

await limiter.close();
console.log(`budget: +${BUDGET_MB} MB RSS for ${count(CLIENTS)} clients: ${overBudget ? 'EXCEEDED' : 'met'}`);
if (overBudget) process.exitCode = 1;
