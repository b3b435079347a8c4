import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What the checkpoint thread is started with. */
interface CheckpointerData {
  /** better-sqlite3's entry, resolved here: an `eval` worker's `require` would look from the working directory. */
  readonly driver: string;
  readonly path: string;
}

/** A message from the main thread: copy the log into the database file, or close the connection and stop. */
type CheckpointerRequest = 'checkpoint' | 'close';

/**
 * The checkpoint thread's program, plain CommonJS: an `eval` worker runs text, which no TypeScript
 * loader or bundler sees. A PASSIVE checkpoint copies what the log holds into the database file
 * without waiting on readers or the writer. On Linux a thread's nice value is its own, so the copy
 * takes the core only when the main thread does not want it (on a one-core placement it would
 * otherwise slow the snapshot rebuild that follows a large write); elsewhere the value is the whole
 * process's, and left alone.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
// A SqliteError reaches the main thread as "[object Object]": its message goes in a plain Error.
const plainErrors = (run) => {
  try {
    return run();
  } catch (error) {
    throw new Error(String(error && error.message));
  }
};
if (process.platform === 'linux') require('node:os').setPriority(19);
const Database = require(workerData.driver);
const db = plainErrors(() => new Database(workerData.path, { fileMustExist: true }));
parentPort.on('message', (request) => {
  if (request === 'close') {
    db.close();
    parentPort.close();
  } else {
    plainErrors(() => db.pragma('wal_checkpoint(PASSIVE)'));
    parentPort.postMessage('checkpointed');
  }
});
`;

/**
 * Moves WAL checkpoints off the writing connection. SQLite otherwise checkpoints inside the commit
 * that takes the log past 1,000 pages: for a 100,000-slot import, copying some 130 MB into the
 * database file before the import could answer (bench/RESULTS.md, Findings). Durability does not
 * wait on a checkpoint: a commit is on disk once the log is synced. One checkpoint runs at a time;
 * commits meanwhile ask for one more. The thread starts with the first commit, so a process that
 * never writes never has one.
 */
export class SqliteCheckpointer {
  private worker: Worker | undefined;
  private running = false;
  private wanted = false;
  /** Closed, or failed: no more checkpoints are asked of the thread. */
  private stopped = false;

  /** `onFailure` is called once if the thread cannot start or dies: the writer must checkpoint again itself. */
  constructor(
    private readonly path: string,
    private readonly onFailure: (error: Error) => void,
  ) {}

  /** After a commit: the log has grown. */
  request(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wanted = true;
      return;
    }
    this.running = true;
    this.started().postMessage('checkpoint' satisfies CheckpointerRequest);
  }

  /** Lets a running checkpoint finish, closes the thread's connection and waits for the thread to end. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (worker === undefined) return;
    this.worker = undefined;
    this.stopped = true;
    // Referenced again, so the process waits for the thread to close its connection.
    worker.ref();
    const ended = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close' satisfies CheckpointerRequest);
    await ended;
  }

  private started(): Worker {
    if (this.worker !== undefined) return this.worker;
    const workerData: CheckpointerData = { driver: createRequire(import.meta.url).resolve('better-sqlite3'), path: this.path };
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
