import { hash, randomBytes } from 'node:crypto';
import type { Catalogue } from '../../catalogue/catalogue.js';
import type { Insight } from '../../insights/insight.js';
import { perSnapshot } from './snapshot-memo.js';

/** An answer body with the strong entity tag that names it. */
export interface Representation {
  readonly body: Buffer;
  readonly etag: string;
  /** The ask this answer counts as (decisions §21), worked out with the body. */
  readonly insight?: Insight;
  /**
   * The answer to the same URL can change within one snapshot (`sort=popular` follows the popular
   * order, which moves between writes), so caches by URL must not keep it.
   */
  readonly movesWithinSnapshot?: true;
}

/*
 * A strong tag must change whenever the bytes do. A snapshot never changes, and the request key
 * (the normalised parameters and the base URL the body's links use) fixes the body within it, so
 * the tag is the snapshot's number plus a hash of the key: no body is hashed. Numbers restart with
 * the process and differ between instances, so each process adds a random prefix of its own; two
 * instances give different tags for the same body, which costs a full answer, never a wrong 304.
 */
const PROCESS_PREFIX = randomBytes(6).toString('base64url');
let snapshots = 0;
const snapshotNumber = perSnapshot(() => (++snapshots).toString(36));

/** The strong tag of the answer `key` names in `catalogue`. */
export function entityTag(catalogue: Catalogue, key: string): string {
  const keyHash = hash('sha1', key, 'base64url').slice(0, 16);
  return `"${PROCESS_PREFIX}${snapshotNumber(catalogue)}-${keyHash}"`;
}

/** `body` with the strong tag it has as the answer `key` names in `catalogue`; made once per cached body. */
export function representation(catalogue: Catalogue, key: string, body: Buffer, insight?: Insight): Representation {
  return insight === undefined ? { body, etag: entityTag(catalogue, key) } : { body, etag: entityTag(catalogue, key), insight };
}
