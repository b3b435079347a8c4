import { setPriority } from 'node:os';
import { parseArgs } from 'node:util';
import { writeBackup } from '../backup/write-backup.js';
import { ConfigError, loadConfig } from '../config.js';
import { openStore } from '../open-store.js';

const USAGE = `usage: npm run backup -- FILE [--recipient age1… ...]
  FILE              where the backup goes (- for stdout); written as FILE.partial-PID, then renamed
  --recipient KEY   encrypt to this age recipient (repeatable; default: BACKUP_RECIPIENTS)`;

/** Reports how far the backup is, on one line of a terminal, rewritten in place. */
function progressLine(written: number, total: number): void {
  process.stderr.write(`\rbackup: ${written} of ${total} rows`);
}

/** `npm run backup -- FILE` (decisions §20): the whole state of the configured store, as one consistent file. */
async function main(): Promise<void> {
  // Batch work beside a serving instance: the lowest CPU priority, taken before any thread starts, so that
  // the thread pool's gzip and age threads inherit it and the service's answers come first.
  setPriority(19);
  const { values, positionals } = parseArgs({ options: { recipient: { type: 'string', multiple: true } }, allowPositionals: true, strict: true });
  const [target, ...rest] = positionals;
  if (target === undefined || rest.length > 0) throw new Error(`give one FILE\n${USAGE}`);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    throw error instanceof ConfigError ? new Error(error.message) : error;
  }
  const store = await openStore(config, () => undefined, 'command');
  try {
    await store.migrate();
    const header = await writeBackup(store.state, target, {
      recipients: values.recipient ?? config.backupRecipients,
      now: new Date(),
      ...(process.stderr.isTTY ? { progress: progressLine } : {}),
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    const counts = Object.entries(header.counts).map(([kind, count]) => `${count} ${kind}`).join(', ');
    process.stderr.write(`backup: ${target} at change ${header.sequence} (history ${header.history}): ${counts}\n`);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`backup: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
