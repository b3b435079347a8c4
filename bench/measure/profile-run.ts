import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogueDocument } from '../../src/catalogue/records/document.js';
import { measureLoad } from '../load/load.js';
import { summariseProfile } from './profile.js';
import type { ProfileReport } from '../report/results.js';
import { loadSettings, type RunContext } from '../report/run-context.js';
import { startSlotmoji } from '../servers/slotmoji-server.js';
import { LIST_1000_WORKLOAD, LIST_50_WORKLOAD, MATCH_WORKLOAD, probeSlug, SLUG_WORKLOAD, workloads } from '../load/workloads.js';
import { measureWriteStall } from './write-stall.js';

/**
 * The workloads the issue asks to profile (match and the lists), the slug lookup (the cost every
 * request pays, with the least of its own), and the one-slot write.
 */
const PROFILED = [MATCH_WORKLOAD, LIST_50_WORKLOAD, LIST_1000_WORKLOAD, SLUG_WORKLOAD];
const WRITE_PROFILE = 'PUT /api/admin/slots/{id} (one-slot write, with reads trickling)';

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

export interface Drive {
  /** Load that is not profiled: warm-up. */
  readonly warm: (url: string, pid: number) => Promise<void>;
  /** The load whose samples count. */
  readonly run: (url: string, pid: number) => Promise<void>;
}

/**
 * Runs the server under `node --cpu-prof`, drives it, and keeps only the samples taken during the
 * profiled part (the profile's clock is the monotonic one hrtime reads).
 */
export async function profiled(context: RunContext, databasePath: string, directory: string, file: string, drive: Drive) {
  const server = await startSlotmoji({
    serverEntry: context.build.serverEntry,
    databasePath,
    cores: context.placement.server,
    nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${directory}`, `--cpu-prof-name=${file}`],
  });
  let from: number;
  let to: number;
  try {
    await drive.warm(server.url, server.process.pid);
    from = nowUs();
    await drive.run(server.url, server.process.pid);
    to = nowUs();
  } finally {
    // The profile is written as the process exits.
    await server.stop();
  }
  if (!readdirSync(directory).includes(file)) throw new Error(`the server wrote no profile: ${server.process.output()}`);
  return summariseProfile(join(directory, file), context.build.root, from, to);
}

/** CPU profiles of the server under the match and list workloads, each alone, and under one-slot writes. */
export async function profileWorkloads(
  context: RunContext,
  size: number,
  document: CatalogueDocument,
  databasePath: string,
  directory: string,
): Promise<ProfileReport[]> {
  const { options, placement } = context;
  const settings = loadSettings(context, placement, directory);
  const reports: ProfileReport[] = [];
  for (const [index, name] of PROFILED.entries()) {
    const workload = workloads(document).find((candidate) => candidate.name === name);
    if (workload === undefined) throw new Error(`no ${name} workload`);
    const load = (seconds: number) => async (url: string, pid: number) => {
      if (seconds > 0) await measureLoad(url, pid, workload, { seconds, warmupSeconds: 0 }, settings);
    };
    const summary = await profiled(context, databasePath, directory, `profile-${index}.cpuprofile`, {
      warm: load(options.warmupSeconds),
      run: load(options.profileSeconds),
    });
    context.log(`  profiled ${name}: top ${summary.top[0]?.name ?? '—'} ${((summary.top[0]?.share ?? 0) * 100).toFixed(1)} %`);
    reports.push({ size, workload: name, summary });
  }
  const slug = probeSlug(document);
  const writes = await profiled(context, databasePath, directory, 'profile-writes.cpuprofile', {
    warm: async () => undefined,
    run: async (url) => void (await measureWriteStall(url, slug)),
  });
  context.log(`  profiled the writes: top ${writes.top[0]?.name ?? '—'} ${((writes.top[0]?.share ?? 0) * 100).toFixed(1)} %`);
  reports.push({ size, workload: WRITE_PROFILE, summary: writes });
  return reports;
}
