import { setPriority } from 'node:os';
import { parseArgs } from 'node:util';
import { BackupFileError } from '../backup/backup-header.js';
import { damageOf, openBackup } from '../backup/read-backup.js';
import { ConfigError, loadConfig } from '../config.js';
import { openStore } from '../open-store.js';
import { NotEmptyError } from '../store/state/state-rows.js';

const USAGE = `usage: npm run restore -- FILE [--identity KEYFILE]
  FILE                 a backup made by npm run backup (- for stdin), into the empty store DATABASE_URL names
  --identity KEYFILE   the age identity to decrypt an encrypted backup with`;

/**
 * `npm run restore -- FILE` (decisions §20): the backup's state into an empty store, all or nothing,
 * under a new history id; the change sequence goes on from the backup's.
 */
async function main(): Promise<void> {
  // Batch work beside a serving instance: the lowest CPU priority, taken before any thread starts, so that
  // the thread pool's gzip and age threads inherit it and the service's answers come first.
  setPriority(19);
  const { values, positionals } = parseArgs({ options: { identity: { type: 'string' } }, allowPositionals: true, strict: true });
  const [source, ...rest] = positionals;
  if (source === undefined || rest.length > 0) throw new Error(`give one FILE\n${USAGE}`);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    throw error instanceof ConfigError ? new Error(error.message) : error;
  }
  // The header is checked before the store is touched: a file that is no backup changes nothing.
  const backup = await openBackup(source, values.identity);
  const store = await openStore(config, () => undefined, 'command');
  try {
    await store.migrate();
    const { history } = await store.state.write(backup.header, backup.rows).catch(async (error: unknown) => {
      // Refused by the database half way (two rows with one id): a damaged file is the likelier cause, and the one to name.
      const damage = error instanceof BackupFileError || error instanceof NotEmptyError || source === '-' ? undefined : await damageOf(source, values.identity);
      throw damage ?? error;
    });
    const counts = Object.entries(backup.header.counts).map(([kind, count]) => `${count} ${kind}`).join(', ');
    process.stderr.write(`restore: ${source} at change ${backup.header.sequence}, new history ${history}: ${counts}\n`);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`restore: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
