/*
 * Lighthouse (mobile) on the pages people land on, served by the built service from a fresh copy of
 * the bundled catalogue, in Debian's Chromium. Prints each page's scores and exits 1 when one is below
 * its target. Reports are saved in artifacts/lighthouse/.
 *
 *   npm run lighthouse                    # / and a slot page
 *   npm run lighthouse -- /search?q=fire  # these paths instead
 *   npm run lighthouse -- --runs=5        # each page five times, judged by the median of each score
 *   npm run lighthouse -- /admin /admin/slots/1/edit   # console pages, signed in as an owner
 *   npm run lighthouse -- --console       # every console page (a webhook endpoint is made for its pages)
 *
 * Performance is measured on this machine's CPU (slowed four times, as Lighthouse simulates a phone),
 * so a machine busy with other work scores lower; the median of several runs steadies it. Console
 * pages (under /admin) are judged on accessibility and best practices only: they are noindex on
 * purpose, and sit behind a sign-in (an owner is made with `npm run operator`, its session cookie sent).
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../bench/servers/slotmoji-server.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const LIGHTHOUSE = join(ROOT, 'node_modules/.bin/lighthouse');
const REPORTS = join(ROOT, 'artifacts/lighthouse');
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking';
const DEFAULT_PATHS = ['/', '/slots/wild-swarm'];
/** Every page of the console (decisions §18); `/admin/webhooks/1` is the endpoint `makeWebhook` adds. */
const CONSOLE_PATHS = [
  '/admin/sign-in',
  '/admin',
  '/admin/slots?q=fire',
  '/admin/slots/new',
  '/admin/slots/1/edit',
  '/admin/slots/1/delete',
  '/admin/slots/1/history',
  '/admin/categories',
  '/admin/catalogue',
  '/admin/import',
  '/admin/audit',
  '/admin/insights',
  '/admin/operators',
  '/admin/tokens',
  '/admin/webhooks',
  '/admin/webhooks/1',
  '/admin/webhooks/1/delete',
];
const TARGETS: Readonly<Record<string, number>> = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 };
const CONSOLE_TARGETS: Readonly<Record<string, number>> = { accessibility: 1, 'best-practices': 1 };
const CONSOLE_PASSWORD = 'lighthouse password, local only';
const isConsole = (path: string) => path === '/admin' || path.startsWith('/admin/');
const UNLIMITED = '1000000000';

interface Audit {
  readonly title: string;
  readonly score: number | null;
  readonly scoreDisplayMode: string;
}
interface Report {
  readonly categories: Readonly<Record<string, { readonly score: number | null; readonly auditRefs: readonly { readonly id: string }[] }>>;
  readonly audits: Readonly<Record<string, Audit>>;
}

const run = promisify(execFile);

/** The built service on a free port, on a database of its own filled from the bundled catalogue. */
async function startService(): Promise<{ origin: string; stop: () => void; dir: string; databaseUrl: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-lighthouse-'));
  const port = await freePort();
  const env = {
    PATH: process.env['PATH'],
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite://${join(dir, 'lighthouse.db')}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: UNLIMITED,
    RATE_LIMIT_PER_HOUR: UNLIMITED,
    RATE_LIMIT_PER_DAY: UNLIMITED,
  };
  const child = spawn(process.execPath, [join(ROOT, 'dist/server.js')], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (attempt > 600) throw new Error('the service did not become ready within a minute');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, dir, stop: () => child.kill('SIGTERM'), databaseUrl: env.DATABASE_URL };
}

/** A session cookie of an owner made for the run with `npm run operator`, for the console's pages. */
async function consoleCookie(origin: string, databaseUrl: string): Promise<string> {
  const made = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/operator.ts'), 'add', 'lighthouse', '--role', 'owner'], {
    input: `${CONSOLE_PASSWORD}\n`,
    env: { PATH: process.env['PATH'], DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`npm run operator failed: ${made.stderr}`);
  const signedIn = await fetch(`${origin}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'lighthouse', password: CONSOLE_PASSWORD }).toString(),
  });
  const cookie = signedIn.headers.get('set-cookie')?.split(';')[0];
  if (signedIn.status !== 303 || cookie === undefined) throw new Error(`signing in answered ${signedIn.status}`);
  return cookie;
}

/**
 * Adds a webhook endpoint through the console's own form, so its pages have one to show. The URL is a
 * public address written as one: nothing is looked up, and nothing is sent to it.
 */
async function makeWebhook(origin: string, cookie: string): Promise<void> {
  const overview = await (await fetch(`${origin}/admin`, { headers: { cookie } })).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(overview)?.[1];
  if (csrf === undefined) throw new Error('no CSRF token on the overview');
  const made = await fetch(`${origin}/admin/webhooks`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams([['_csrf', csrf], ['url', 'https://93.184.215.14/hooks'], ['events', 'slot.upserted'], ['description', 'Lighthouse']]).toString(),
  });
  if (made.status !== 200) throw new Error(`adding a webhook endpoint answered ${made.status}`);
}

/** How long the service may keep counts before writing them (decisions §21: at most 10 s), and a margin. */
const INSIGHTS_WRITTEN_MS = 11_000;

/**
 * Plays, views and a match that finds nothing, from three visitors (one address, three browsers'
 * User-Agents), so the Insights page has its chart, top slots and a gap to show once they are written.
 */
async function makeVisits(origin: string, cookie: string): Promise<void> {
  const agents = ['Firefox', 'Chrome', 'Safari'].map((browser) => `Mozilla/5.0 (X11; Linux x86_64) ${browser}/120.0`);
  for (const agent of agents) {
    const headers = { 'user-agent': agent };
    for (const emojis of ['🍒', '💎', '🐉', '🍒💎']) await fetch(`${origin}/api/play/${encodeURIComponent(emojis)}`, { headers, redirect: 'manual' });
    await fetch(`${origin}/slots/wild-swarm`, { headers });
    await fetch(`${origin}/api/match`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ emojis: ['🧇', '🧦'] }) });
  }
  await new Promise((resolve) => setTimeout(resolve, INSIGHTS_WRITTEN_MS));
  const page = await (await fetch(`${origin}/admin/insights`, { headers: { cookie } })).text();
  if (!page.includes('class="chart-svg"') || !page.includes('/admin/slots/new?emojis=')) throw new Error('the Insights page shows no chart or no gap after the visits');
}

function reportName(path: string): string {
  return path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^\w-]+/g, '-');
}

/** One Lighthouse run on `url`, as the command-line tool does it. */
async function audit(url: string, name: string, targets: Readonly<Record<string, number>>, cookie: string | undefined): Promise<Report> {
  const output = join(REPORTS, `${name}.report.json`);
  const headers = cookie === undefined ? [] : [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`];
  await run(
    LIGHTHOUSE,
    [url, '--quiet', '--output=json', `--output-path=${output}`, `--only-categories=${Object.keys(targets).join(',')}`, `--chrome-flags=${CHROME_FLAGS}`, ...headers],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(readFileSync(output, 'utf8')) as Report;
}

/** The audits that kept a category below 1, by title. */
function shortfalls(report: Report, category: string): string[] {
  return (report.categories[category]?.auditRefs ?? [])
    .map(({ id }) => report.audits[id])
    .filter((item): item is Audit => item !== undefined && item.scoreDisplayMode !== 'notApplicable' && item.scoreDisplayMode !== 'informative' && item.scoreDisplayMode !== 'manual' && item.score !== null && item.score < 1)
    .map((item) => item.title);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const runsArg = args.find((arg) => arg.startsWith('--runs='));
  const runs = runsArg === undefined ? 1 : Number(runsArg.slice('--runs='.length));
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error(`--runs must be a whole number from 1 to 20, got ${runsArg}`);
  const given = args.filter((arg) => !arg.startsWith('--'));
  const paths = args.includes('--console') ? [...CONSOLE_PATHS, ...given] : given.length > 0 ? given : DEFAULT_PATHS;
  mkdirSync(REPORTS, { recursive: true });
  const service = await startService();
  let failed = false;
  try {
    const cookie = paths.some(isConsole) ? await consoleCookie(service.origin, service.databaseUrl) : undefined;
    if (cookie !== undefined && paths.some((path) => path.startsWith('/admin/webhooks/'))) await makeWebhook(service.origin, cookie);
    if (cookie !== undefined && paths.includes('/admin/insights')) await makeVisits(service.origin, cookie);
    for (const path of paths) {
      const started = Date.now();
      const reports: Report[] = [];
      const targets = isConsole(path) ? CONSOLE_TARGETS : TARGETS;
      const pageCookie = isConsole(path) && path !== '/admin/sign-in' ? cookie : undefined;
      for (let run = 1; run <= runs; run++) reports.push(await audit(`${service.origin}${path}`, runs === 1 ? reportName(path) : `${reportName(path)}-${run}`, targets, pageCookie));
      const scores = Object.entries(targets).map(([category, target]) => {
        const each = reports.map((report) => report.categories[category]?.score ?? 0);
        const score = median(each);
        if (score < target) failed = true;
        const spread = runs === 1 ? '' : ` [${each.map((value) => value.toFixed(2)).join(' ')}]`;
        return `${category} ${score.toFixed(2)}${spread}${score < target ? ` (below ${target})` : ''}`;
      });
      console.log(`${path}: ${scores.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      for (const category of Object.keys(targets)) {
        for (const line of new Set(reports.flatMap((report) => shortfalls(report, category)))) console.log(`  ${category}: ${line}`);
      }
    }
  } finally {
    service.stop();
    rmSync(service.dir, { recursive: true, force: true });
  }
  if (failed) {
    console.error('Lighthouse: below target');
    process.exitCode = 1;
  }
}

await main();
