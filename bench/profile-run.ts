import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogueDocument } from '../src/catalogue/document.js';
import { measureLoad } from './load.js';
import { summariseProfile } from './profile.js';
import type { ProfileReport } from './results.js';
import { loadSettings, type RunContext } from './run-context.js';
import { startSlotmoji } from './slotmoji-server.js';
import { LIST_1000_WORKLOAD, LIST_50_WORKLOAD, MATCH_WORKLOAD, workloads } from './workloads.js';

/** The workloads the issue asks to profile: match and the lists. */
const PROFILED = [MATCH_WORKLOAD, LIST_50_WORKLOAD, LIST_1000_WORKLOAD];

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Runs the server under `node --cpu-prof` once per profiled workload, loads it alone, and keeps only
 * the samples taken during the measured load (the profile's clock is the monotonic one hrtime reads).
 */
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
    const file = `profile-${index}.cpuprofile`;
    const server = await startSlotmoji({
      databasePath,
      cores: placement.server,
      nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${directory}`, `--cpu-prof-name=${file}`],
    });
    let from: number;
    let to: number;
    try {
      if (options.warmupSeconds > 0) await measureLoad(server.url, server.process.pid, workload, { seconds: options.warmupSeconds, warmupSeconds: 0 }, settings);
      from = nowUs();
      await measureLoad(server.url, server.process.pid, workload, { seconds: options.profileSeconds, warmupSeconds: 0 }, settings);
      to = nowUs();
    } finally {
      // The profile is written as the process exits.
      await server.stop();
    }
    if (!readdirSync(directory).includes(file)) throw new Error(`the server wrote no profile for ${name}: ${server.process.output()}`);
    const summary = summariseProfile(join(directory, file), from, to);
    context.log(`  profiled ${name}: top ${summary.top[0]?.name ?? '—'} ${((summary.top[0]?.share ?? 0) * 100).toFixed(1)} %`);
    reports.push({ size, workload: name, summary });
  }
  return reports;
}
