import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { StateStore } from '../store/state/state-rows.js';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader } from './backup-header.js';

export interface BackupOptions {
  /** age recipients (`age1…`) to encrypt to; none: the gzip file as it is. */
  readonly recipients: readonly string[];
  readonly now: Date;
  /** Told of the rows written so far, out of the total, now and then. */
  readonly progress?: (written: number, total: number) => void;
}

/** Rows between two progress reports. */
const PROGRESS_EVERY = 10_000;

/** The backup's lines: the header, then one row per line (decisions §20). */
async function* lines(header: BackupHeader, rows: AsyncIterable<unknown>, progress: BackupOptions['progress']): AsyncGenerator<string> {
  const total = Object.values(header.counts).reduce((sum, count) => sum + count, 0);
  yield `${JSON.stringify(header)}\n`;
  let written = 0;
  // Rows are joined into chunks of a few hundred: one stream write per row would cost more than the row.
  let chunk = '';
  for await (const row of rows) {
    chunk += `${JSON.stringify(row)}\n`;
    if (++written % 256 === 0) {
      yield chunk;
      chunk = '';
    }
    if (written % PROGRESS_EVERY === 0) progress?.(written, total);
  }
  yield chunk;
  progress?.(written, total);
}

/**
 * Writes the whole state of `state` to `target` (`-`: stdout) as one consistent backup: gzip of JSON
 * Lines, encrypted to `recipients` when there are any, streamed from the store's read to the file.
 * A file is written under a temporary name with mode 0600 (it holds secrets), synced, and renamed
 * only when complete: a backup stopped half way leaves nothing under the final name.
 */
export async function writeBackup(state: StateStore, target: string, options: BackupOptions): Promise<BackupHeader> {
  // Refused recipients are refused before the store is read. The age library is loaded only to encrypt:
  // it is most of what an unencrypted backup's command would otherwise load at start.
  const encrypt = options.recipients.length === 0 ? undefined : (await import('./encryption.js')).encryption(options.recipients);
  return state.read(async (read) => {
    const header: BackupHeader = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: options.now.toISOString(), ...read.summary };
    // One pipeline from the rows to the output: a failure anywhere destroys every stage, the store's read with them.
    const write = (output: Writable, end = true) => {
      const rows = Readable.from(lines(header, read.rows, options.progress));
      return encrypt === undefined ? pipeline(rows, createGzip(), output, { end }) : pipeline(rows, createGzip(), encrypt, output, { end });
    };
    if (target === '-') {
      await write(process.stdout, false);
      return header;
    }
    const temporary = `${target}.partial-${process.pid}`;
    try {
      await write(createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
      const file = await open(temporary, 'r');
      try {
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
      return header;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  });
}
