import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LAST_THREE, UNDER_THOUSAND } from '../answers/fresh-decimal.js';

/** An id a proxy or client chose is kept when it is short and plain enough to log and echo safely. */
const ACCEPTED_ID = /^[\w.-]{1,64}$/;

/**
 * Names this process in the ids it makes: 72 random bits, so two processes (workers, restarts,
 * instances) practically never share one, and each id is then a number this process has not used.
 * A UUID per request cost a tenth of a cached lookup's own work, for uniqueness this gives as well.
 */
const PROCESS_PREFIX = randomBytes(9).toString('base64url');

/** How many ids one block of text holds. */
const IDS_PER_BLOCK = 1000;

/**
 * What follows a block's head in each of its ids, after an empty first entry: joined with the head
 * as the separator, they make the block in one builtin call.
 */
const FIRST_BLOCK_DIGITS = ['', ...UNDER_THOUSAND];
const LATER_BLOCK_DIGITS = ['', ...LAST_THREE];

/**
 * Fresh ids, handed out as slices of one flat string holding a thousand of them back to back. An id
 * is 14 characters or more: joined with `+` or a template it would be a cons string, which Node's
 * header-value check flattens through V8's runtime on every answer (~1.3k instructions), and joined
 * with `Array#join` it costs a join per request; a slice of a flat string is flat, and one small
 * allocation.
 */
class FreshIds {
  private issued = 0;
  /** The sequence number of the block's first id. */
  private first = Number.NaN;
  private block = '';
  /** Where each id of the block starts in `block`, and after them where the last one ends. */
  private readonly bounds = new Uint32Array(IDS_PER_BLOCK + 1);

  /** `<process prefix>-<sequence>`, the sequence one more than the last id's. */
  next(): string {
    const sequence = (this.issued += 1);
    let index = sequence - this.first;
    if (!(index >= 0 && index < IDS_PER_BLOCK)) {
      this.fill(sequence - (sequence % IDS_PER_BLOCK));
      index = sequence - this.first;
    }
    return this.block.slice(this.bounds[index], this.bounds[index + 1]);
  }

  /** The ids `first` to `first + 999`: each is the head (`<prefix>-<thousands>`) and its last digits. */
  private fill(first: number): void {
    const thousands = first / IDS_PER_BLOCK;
    const head = thousands === 0 ? `${PROCESS_PREFIX}-` : `${PROCESS_PREFIX}-${thousands.toFixed(0)}`;
    const digits = thousands === 0 ? FIRST_BLOCK_DIGITS : LATER_BLOCK_DIGITS;
    for (let index = 0; index < IDS_PER_BLOCK; index += 1) {
      this.bounds[index + 1] = (this.bounds[index] as number) + head.length + (digits[index + 1] as string).length;
    }
    this.block = digits.join(head);
    this.first = first;
  }
}

const freshIds = new FreshIds();

/** Fastify's `genReqId`: the caller's `X-Request-Id` when it is sane, else a fresh one. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : freshIds.next();
}

export function stampRequestId(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
}

/** Echoes the request id on every response, so a client can quote it and an operator find the log lines. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    stampRequestId(request, reply);
    done();
  });
}
