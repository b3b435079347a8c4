import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's own threshold, in pages of log: a commit that takes the log past it checkpoints (what the
 * writer falls back to should the thread fail), and a log longer than it is emptied by the thread.
 */
export const LOG_PAGES_LIMIT = 1000;
/**
 * The log's length in bytes at SQLite's threshold and its default page size. Until the log first
 * reaches it there is nothing SQLite would have copied at commit, and no thread is started: most
 * processes that write write little (a server's daily secret, an operator's edits), and starting one
 * costs a V8 isolate: some 30 ms of CPU in a warm process, 80 ms in a server's first second
 * (bench/history/2026-11-30.md, "Morning"). The close copies what a short log holds.
 */
export const THREAD_START_LOG_BYTES = LOG_PAGES_LIMIT * 4096;
/**
 * How much the log file may grow while one checkpoint runs: past it, commits outpace the thread (a
 * stream of them, on a core the main thread keeps busy), and the writer catches up itself.
 */
export const BEHIND_LOG_GROWTH_BYTES = 16 * 1024 * 1024;

/** What the checkpoint thread is started with. */
interface CheckpointerData {
  /** better-sqlite3's entry, resolved here: an `eval` worker's `require` would look from the working directory. */
  readonly driver: string;
  readonly path: string;
  readonly logPagesLimit: number;
}

/** A message from the main thread: copy the log into the database file, or close the connection and stop. */
type CheckpointerRequest = 'checkpoint' | 'close';

/**
 * The checkpoint thread's program, plain CommonJS: an `eval` worker runs text, which no TypeScript
 * loader or bundler sees.
 *
 * A PASSIVE checkpoint copies into the database file what the log holds and no open reader still
 * needs, without waiting on readers or the writer. The log itself starts over only when a write
 * begins with all of it copied; under a stream of writes one always begins while a checkpoint is
 * running, and the log would grow with the stream. So once a long log is all copied, a TRUNCATE
 * checkpoint empties it, if it can take the write lock at once (no busy wait: the main thread's
 * writes would wait on it; failing, the next checkpoint tries again).
 *
 * On Linux a thread's nice value is its own: at the lowest priority the copy yields most of a core
 * the main thread wants (on a one-core placement it would otherwise slow the snapshot rebuild after
 * a large write). Elsewhere the value is the whole process's, and left alone. A SqliteError would
 * reach the main thread as "[object Object]": its code and message go in a plain Error.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const plainErrors = (run) => {
  try {
    return run();
  } catch (error) {
    throw Object.assign(new Error(String(error && error.message)), { code: error && error.code });
  }
};
if (process.platform === 'linux') require('node:os').setPriority(19);
const Database = require(workerData.driver);
const db = plainErrors(() => new Database(workerData.path, { fileMustExist: true, timeout: 0 }));
parentPort.on('message', (request) => {
  if (request === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  const [copied] = plainErrors(() => db.pragma('wal_checkpoint(PASSIVE)'));
  if (copied.busy === 0 && copied.checkpointed === copied.log && copied.log > workerData.logPagesLimit) {
    plainErrors(() => db.pragma('wal_checkpoint(TRUNCATE)'));
  }
  parentPort.postMessage('checkpointed');
});
`;

/**
 * Moves WAL checkpoints off the writing connection. SQLite otherwise checkpoints inside the commit
 * that takes the log past 1,000 pages: for a 100,000-slot import, copying some 130 MB into the
 * database file before the import could answer (bench/history/2026-11-25.md). Durability does not
 * wait on a checkpoint: a commit is on disk once the log is synced. One checkpoint runs at a time;
 * commits meanwhile ask for one more. The thread starts with the first commit that finds the log at
 * SQLite's threshold, so a process that writes less never has one. Any error stops it for good: the
 * writer then checkpoints as SQLite does by default, which is safe, where retrying a failing copy
 * forever would not be.
 */
export class SqliteCheckpointer {
  private worker: Worker | undefined;
  private running = false;
  private wanted = false;
  /** Closed, or failed: no more checkpoints are asked of the thread. */
  private stopped = false;
  private closing: Promise<void> | undefined;
  /** The log file's size when the running checkpoint was asked for, or the writer last tried to catch up. */
  private logBytesAtRequest = 0;
  /** The log file's size before the latest commit made while a checkpoint ran. */
  private logBytesBeforeCommit = 0;
  /** Whether a commit past the bound on its own was let off while the running checkpoint ran: only one is. */
  private largeCommitLetOff = false;

  /** `onFailure` is called once if the thread cannot start or dies: the writer must checkpoint again itself. */
  constructor(
    private readonly path: string,
    private readonly onFailure: (error: Error) => void,
  ) {}

  /** After a commit: the log has grown. A thread that cannot start is reported through `onFailure`, not thrown. */
  request(): void {
    if (this.stopped) return;
    // Before the first checkpoint nothing has started the log over: the file's size is the log's length.
    if (this.worker === undefined && this.logBytes() < THREAD_START_LOG_BYTES) return;
    if (this.running) {
      this.wanted = true;
      // One commit past the bound on its own (an import) is the thread's to copy: growth counts from
      // after it, or the next small write would copy all of it on the main thread. A second one before
      // the thread answers is a stream of large commits (a loop of writes that never yields, so the
      // answer cannot arrive): its growth counts, and the writer catches up.
      if (!this.largeCommitLetOff && this.logBytes() - this.logBytesBeforeCommit > BEHIND_LOG_GROWTH_BYTES) {
        this.largeCommitLetOff = true;
        this.countGrowthFromNow();
      }
      return;
    }
    this.running = true;
    this.largeCommitLetOff = false;
    this.countGrowthFromNow();
    try {
      this.started().postMessage('checkpoint' satisfies CheckpointerRequest);
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * Before a commit: whether commits are outpacing the thread, the log having grown past its bound
   * while one checkpoint ran. Asked before, and the log's size noted, so that one large commit (an
   * import) is not taken for that, neither by itself nor by the commit after it (see `request`).
   */
  beforeCommit(): boolean {
    if (!this.running || this.stopped) return false;
    this.logBytesBeforeCommit = this.logBytes();
    return this.logBytesBeforeCommit - this.logBytesAtRequest > BEHIND_LOG_GROWTH_BYTES;
  }

  /** Lets a requested checkpoint finish, closes the thread's connection and waits for the thread to end; asks nothing more of it. */
  close(): Promise<void> {
    this.closing ??= this.closeThread();
    return this.closing;
  }

  private async closeThread(): Promise<void> {
    this.stopped = true;
    const worker = this.worker;
    if (worker === undefined) return;
    this.worker = undefined;
    // Referenced again, so the process waits for the thread to close its connection.
    worker.ref();
    const ended = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close' satisfies CheckpointerRequest);
    await ended;
  }

  /** Growth counts from the log as it is now: when a checkpoint is asked for, and after the writer tried to catch up. */
  countGrowthFromNow(): void {
    this.logBytesAtRequest = this.logBytes();
  }

  /** The log file's size: it grows as commits append and shrinks only when a checkpoint empties it. */
  private logBytes(): number {
    return statSync(`${this.path}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  }

  private started(): Worker {
    if (this.worker !== undefined) return this.worker;
    const workerData: CheckpointerData = {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      path: this.path,
      logPagesLimit: LOG_PAGES_LIMIT,
    };
    const worker = new Worker(PROGRAM, { eval: true, workerData });
    worker.on('message', () => this.finished());
    worker.once('error', (error) => this.fail(error));
    worker.once('exit', (code) => {
      if (this.worker === worker) this.fail(new Error(`the checkpoint thread stopped (exit code ${code})`));
    });
    // The thread waits for requests; it must not keep the process alive on its own.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private finished(): void {
    this.running = false;
    if (!this.wanted) return;
    this.wanted = false;
    this.request();
  }

  private fail(error: Error): void {
    if (this.stopped) return;
    this.stopped = true;
    this.worker = undefined;
    this.onFailure(error);
  }
}
