import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** A hash to compute or a password to check against one, as a hashing thread is asked. */
export type Argon2Request = { readonly kind: 'hash'; readonly password: string } | { readonly kind: 'verify'; readonly hash: string; readonly password: string };

/** A thread's answer: the hash or whether the password matched, or why it could not tell. */
type Argon2Answer = { readonly ok: true; readonly value: string | boolean } | { readonly ok: false; readonly message: string };

/** What a hashing thread is started with. */
interface Argon2ThreadData {
  /** The binding's entry, resolved here: an `eval` worker's `require` would look from the working directory. */
  readonly binding: string;
  readonly parameters: object;
  readonly niceness: number;
}

/**
 * A hashing thread's program, plain CommonJS (an `eval` worker runs text no TypeScript loader sees).
 * It computes on its own thread, synchronously, at a lower priority: on Linux a thread's nice value
 * is its own, so the process's main thread, serving requests, takes the core whenever it has work.
 * On the libuv pool (the binding's async calls) a hash competes with the event loop as an equal.
 * Elsewhere the value would be the whole process's, and is left alone.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
if (process.platform === 'linux') require('node:os').setPriority(workerData.niceness);
const argon2 = require(workerData.binding);
parentPort.on('message', (request) => {
  try {
    const value = request.kind === 'hash'
      ? argon2.hashSync(request.password, workerData.parameters)
      : argon2.verifySync(request.hash, request.password);
    parentPort.postMessage({ ok: true, value });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error && error.message) });
  }
});
`;

interface Job {
  readonly request: Argon2Request;
  readonly resolve: (value: string | boolean) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Up to `size` threads that hash passwords one at a time each, started when first needed; requests
 * beyond them wait in turn. An idle thread does not keep the process alive. A thread that fails
 * rejects its request and is replaced by the next one asked for.
 */
export class Argon2Threads {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly waiting: Job[] = [];

  constructor(
    private readonly size: number,
    private readonly parameters: object,
    private readonly niceness: number,
  ) {}

  run(request: Argon2Request): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    const job = this.waiting[0];
    if (job === undefined) return;
    const worker = this.idle.pop() ?? (this.busy.size < this.size ? this.started() : undefined);
    if (worker === undefined) return;
    this.waiting.shift();
    this.busy.set(worker, job);
    // Referenced while it computes: the answer is awaited.
    worker.ref();
    worker.postMessage(job.request);
  }

  private started(): Worker {
    const workerData: Argon2ThreadData = {
      binding: createRequire(import.meta.url).resolve('@node-rs/argon2'),
      parameters: this.parameters,
      niceness: this.niceness,
    };
    const worker = new Worker(PROGRAM, { eval: true, workerData });
    worker.on('message', (answer: Argon2Answer) => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if (answer.ok) job?.resolve(answer.value);
      else job?.reject(new Error(answer.message));
      this.next();
    });
    const failed = (error: Error) => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      job?.reject(error);
      this.next();
    };
    worker.once('error', failed);
    worker.once('exit', (code) => failed(new Error(`a password hashing thread stopped (exit code ${code})`)));
    return worker;
  }
}
