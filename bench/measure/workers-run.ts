import type { CatalogueDocument } from '../../src/catalogue/records/document.js';
import { leastDisturbed, measureLoad } from '../load/load.js';
import { workersPlacement } from './machine.js';
import type { WorkersReport } from '../report/results.js';
import { loadSettings, timing, type RunContext } from '../report/run-context.js';
import { startSlotmoji } from '../servers/slotmoji-server.js';
import { SLUG_WORKLOAD, workloads } from '../load/workloads.js';

/**
 * `GET /api/slots/{slug}` with `WORKERS=1` and then `WORKERS=2`, both on the same two cores. When
 * `WORKERS=2` forks no worker process the setting has no effect yet, and only the first is measured.
 */
export async function benchWorkers(
  context: RunContext,
  size: number,
  document: CatalogueDocument,
  databasePath: string,
  directory: string,
): Promise<WorkersReport> {
  const placement = workersPlacement(context.cpuCount);
  const workload = workloads(document).find((candidate) => candidate.name === SLUG_WORKLOAD);
  if (workload === undefined) throw new Error(`no ${SLUG_WORKLOAD} workload`);
  const settings = loadSettings(context, placement, directory);
  const run = async (workers: number) => {
    const server = await startSlotmoji({ serverEntry: context.build.serverEntry, databasePath, cores: placement.server, workers });
    try {
      if (workers > 1 && server.workerCount === 0) return undefined;
      return await leastDisturbed(
        () => measureLoad(server.url, server.process.pid, workload, timing(context), settings),
        (result) => result.cpu.others,
        (others) => context.log(`  WORKERS=${workers}: other jobs used ${others.toFixed(2)} cores; measuring again`),
        context.patience,
      );
    } finally {
      await server.stop();
    }
  };
  const single = await run(1);
  if (single === undefined) throw new Error('WORKERS=1 gave no result');
  const workers = await run(2);
  context.log(
    `  WORKERS=1 ${Math.round(single.rps)} rps; WORKERS=2 ` +
      (workers === undefined ? 'not yet (no worker forked)' : `${Math.round(workers.rps)} rps, ratio ${(workers.rps / single.rps).toFixed(2)}`),
  );
  return { size, placement, single, workers };
}
