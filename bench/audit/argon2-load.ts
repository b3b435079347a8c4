import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AccessService } from '../../src/access/access-service.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { CatalogueService } from '../../src/service/catalogue-service.js';
import { readCatalogueDocument } from '../../src/store/bundled.js';
import { SqliteStore } from '../../src/store/sqlite.js';

const PROBE = fileURLToPath(new URL('./latency-probe.ts', import.meta.url));
const PASSWORD = 'bench password for argon2';
const OWNER = { type: 'admin-token', name: 'bench' } as const;

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

export function probe(url: string, connections: number, seconds: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', PROBE, url, String(connections), String(seconds)], { maxBuffer: 256 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as number[]);
    });
  });
}

export interface Argon2Report {
  /** One verification, sequential, in milliseconds. */
  readonly verifyMs: readonly number[];
  readonly quietP99: readonly number[];
  readonly burstP99: readonly number[];
  readonly quietP50: readonly number[];
  readonly burstP50: readonly number[];
  /** Sign-in verifications per second during the bursts. */
  readonly verificationsPerSecond: readonly number[];
}

/**
 * An Argon2id verification's time, then the latency of a public route (`GET /api/slots?limit=20`,
 * asked by a separate process over `connections` connections) with no sign-ins, and with `signIns`
 * verifications running without pause in the server's process (wrong passwords for a real operator,
 * as an attack on the console would send), in alternating rounds.
 */
export async function argon2UnderLoad(options: { rounds: number; seconds: number; connections: number; signIns: number }): Promise<Argon2Report> {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-bench-argon2-'));
  const store = new SqliteStore(join(dir, 'bench.db'));
  try {
    const catalogue = await CatalogueService.open(store, () => readCatalogueDocument());
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000000', RATE_LIMIT_PER_HOUR: '1000000000', RATE_LIMIT_PER_DAY: '1000000000' }), catalogue, logger: false });
    const access = new AccessService(store.access, undefined);
    await access.createOperator({ name: 'bench-owner', role: 'owner', password: PASSWORD }, OWNER);
    const verifyMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      if ((await access.verifySignIn('bench-owner', PASSWORD)) === undefined) throw new Error('the bench operator cannot sign in');
      verifyMs.push(performance.now() - started);
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address !== 'object') throw new Error('not listening');
    const url = `http://127.0.0.1:${address.port}/api/slots?limit=20`;
    const report = { verifyMs, quietP99: [] as number[], burstP99: [] as number[], quietP50: [] as number[], burstP50: [] as number[], verificationsPerSecond: [] as number[] };
    try {
      for (let round = 0; round < options.rounds; round++) {
        const quiet = await probe(url, options.connections, options.seconds);
        report.quietP99.push(percentile(quiet, 0.99));
        report.quietP50.push(percentile(quiet, 0.5));
        let running = true;
        let verified = 0;
        const started = performance.now();
        const attackers = Array.from({ length: options.signIns }, async () => {
          while (running) {
            await access.verifySignIn('bench-owner', 'a wrong password, over and over');
            verified++;
          }
        });
        const burst = await probe(url, options.connections, options.seconds);
        running = false;
        await Promise.all(attackers);
        report.verificationsPerSecond.push(verified / ((performance.now() - started) / 1000));
        report.burstP99.push(percentile(burst, 0.99));
        report.burstP50.push(percentile(burst, 0.5));
      }
    } finally {
      await app.close();
    }
    return report;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}


