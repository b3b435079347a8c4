import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { Compile } from 'typebox/compile';
import { StateRowSchema, type StateRow } from '../store/state/state-rows.js';
import { AGE_MAGIC, BACKUP_FORMAT, BACKUP_VERSION, BackupFileError, checkHeader, type BackupHeader } from './backup-header.js';

const checkRow = Compile(StateRowSchema);
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** A backup opened for reading: its header (already checked), then its rows, each checked as it is read. */
export interface OpenedBackup {
  readonly header: BackupHeader;
  readonly rows: AsyncIterable<StateRow>;
}

/** The first bytes of `stream` (up to `size`, fewer at its end) and a stream that still yields them. */
async function peek(stream: Readable, size: number): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const next = await iterator.next();
    if (next.done === true) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* whole(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
  }
  return { head, stream: Readable.from(whole(), { objectMode: false }) };
}

/** What zlib's complaint means to someone holding the file. */
function zlibProblem(error: unknown): BackupFileError | unknown {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string' || !error.code.startsWith('Z_')) return error;
  return error.code === 'Z_BUF_ERROR'
    ? new BackupFileError('the file is truncated (it ends before its gzip stream does)')
    : new BackupFileError(`the file is damaged (${error.message})`);
}

/**
 * The longest line a backup's reader takes: no row comes near it (the largest, a category map or an
 * audit entry's two slot records, is bounded by the largest catalogue an import takes, 128 MiB).
 * A damaged deflate stream can decode to garbage without a newline for hundreds of megabytes before
 * its checksum fails at the end; this stops the reading long before memory does.
 */
export const MAX_LINE_CHARS = 256 * 1024 * 1024;

/** How much of the unpacked text the reader takes at a time. */
const UNPACKED_CHUNK_BYTES = 256 * 1024;

/**
 * The lines of `stream`, decoded as UTF-8, without their newlines. Each chunk is searched once: the
 * unfinished line is kept in pieces, joined when its newline comes, so a long line costs its length,
 * not its length times its chunks (a line searched again from its start with every chunk took a
 * damaged file's 78 MB line many minutes: the hang of issue 47's refusal test).
 */
async function* linesOf(stream: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let pieces: string[] = [];
  let pending = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = decoder.write(chunk);
      let start = 0;
      for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
        pieces.push(text.slice(start, newline));
        yield pieces.join('');
        pieces = [];
        pending = 0;
        start = newline + 1;
      }
      if (start < text.length) {
        pieces.push(text.slice(start));
        pending += text.length - start;
        if (pending > MAX_LINE_CHARS) throw new BackupFileError(`the file is damaged: a line longer than ${MAX_LINE_CHARS / 1024 / 1024} MiB`);
      }
    }
  } catch (error) {
    throw zlibProblem(error);
  }
  const rest = pieces.join('') + decoder.end();
  if (rest !== '') yield rest;
}

function parsed(line: string, where: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new BackupFileError(`the file is damaged: ${where} is not JSON`);
  }
}

/** The header line checked: a backup at all, and of a version this code reads. */
function header(line: string | undefined): BackupHeader {
  if (line === undefined) throw new BackupFileError('the file is empty once unpacked');
  const value = parsed(line, 'its first line');
  if (typeof value !== 'object' || value === null || (value as { format?: unknown }).format !== BACKUP_FORMAT) {
    throw new BackupFileError(`not a slotmoji backup (its first line is no "${BACKUP_FORMAT}" header)`);
  }
  const version = (value as { version?: unknown }).version;
  if (typeof version === 'number' && version > BACKUP_VERSION) {
    throw new BackupFileError(`the backup is of format version ${version}, newer than this slotmoji reads (${BACKUP_VERSION}): restore it with a newer slotmoji`);
  }
  if (!checkHeader.Check(value)) throw new BackupFileError('the file is damaged: its header is not what a backup\'s header holds');
  return value;
}

/** The rows after the header, each checked; at the end, their numbers against the header's (a file cut at a line's end). */
async function* rowsOf(lines: AsyncGenerator<string>, expected: BackupHeader['counts']): AsyncGenerator<StateRow> {
  const counts: Record<string, number> = {};
  let number = 1;
  for await (const line of lines) {
    number++;
    const row = parsed(line, `line ${number}`);
    if (!checkRow.Check(row)) throw new BackupFileError(`the file is damaged: line ${number} is not a row of a backup`);
    counts[row.kind] = (counts[row.kind] ?? 0) + 1;
    yield row;
  }
  for (const [kind, count] of Object.entries(expected)) {
    if ((counts[kind] ?? 0) !== count) throw new BackupFileError(`the file is truncated: the header promises ${count} ${kind} rows, it holds ${counts[kind] ?? 0}`);
  }
}

/**
 * Opens the backup at `source` (`-`: stdin): decrypts it with `identityFile` when it is in the age
 * format, unpacks it and checks its header; its rows are read (and checked) as they are taken.
 * Anything that is not a backup this version restores is a `BackupFileError` saying why.
 */
export async function openBackup(source: string, identityFile: string | undefined): Promise<OpenedBackup> {
  const identity = identityFile === undefined ? undefined : await readFile(identityFile, 'utf8').catch((error: unknown) => {
    throw new BackupFileError(`--identity: cannot read ${identityFile} (${error instanceof Error ? error.message : String(error)})`);
  });
  const input = source === '-' ? process.stdin : createReadStream(source);
  let peeked = await peek(input, AGE_MAGIC.length).catch((error: unknown) => {
    throw new BackupFileError(`cannot read ${source} (${error instanceof Error ? error.message : String(error)})`);
  });
  if (peeked.head.length === 0) throw new BackupFileError(source === '-' ? 'stdin is empty' : 'the file is empty');
  if (peeked.head.subarray(0, AGE_MAGIC.length).toString('latin1') === AGE_MAGIC) {
    // The age library is loaded only for an encrypted file: a plain restore's command starts without it.
    const { decrypted } = await import('./encryption.js');
    peeked = await peek(await decrypted(peeked.stream, identity), GZIP_MAGIC.length);
  }
  if (!peeked.head.subarray(0, 2).equals(GZIP_MAGIC)) {
    const start = peeked.head.toString('latin1').trimStart()[0];
    throw new BackupFileError(
      start === '{' || start === '['
        ? 'not a slotmoji backup: a plain JSON document (an export of the catalogue?), where a backup is gzip of JSON Lines'
        : 'not a slotmoji backup: neither gzip nor the age format',
    );
  }
  // Unpacked a quarter mebibyte at a time, not zlib's default 16 KiB: every piece passes through the
  // line splitter's loop and its async iteration, which cost more than the unpacking (a 256 MiB line:
  // 2.5 s of CPU, now 1 s).
  const gunzip = createGunzip({ chunkSize: UNPACKED_CHUNK_BYTES });
  peeked.stream.on('error', (error) => gunzip.destroy(error));
  const lines = linesOf(peeked.stream.pipe(gunzip));
  const first = await lines.next();
  const checked = header(first.done === true ? undefined : first.value);
  return { header: checked, rows: rowsOf(lines, checked.counts) };
}

/**
 * Whether the backup at `source` is damaged, read through to its end (its rows, the gzip checksum):
 * the `BackupFileError` saying how, or undefined for a whole file. A damaged deflate stream can decode
 * to rows that pass every check (two with one id, say) before its checksum fails at the end; a restore
 * the database refused asks this, so that it names the damage rather than the symptom.
 */
export async function damageOf(source: string, identityFile: string | undefined): Promise<BackupFileError | undefined> {
  try {
    const { rows } = await openBackup(source, identityFile);
    for await (const row of rows) void row;
    return undefined;
  } catch (error) {
    return error instanceof BackupFileError ? error : undefined;
  }
}
