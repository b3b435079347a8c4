import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { projectPath } from '../project-files.js';
import type { ContentCoding } from './encoding.js';

/** The hand-written CSS, JS and icon, read from the sources whether the server runs from src/ or dist/: no copy step. */
export const ASSET_DIR = projectPath('src/web/assets/');

export const ASSET_FILES = ['site.css', 'picker.js', 'search.js', 'console.js', 'icon.svg'] as const;
export type AssetName = (typeof ASSET_FILES)[number];

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
};

/** One asset, held in memory in every coding worth sending. */
export interface Asset {
  /** `site.1a2b3c4d5e.css`: the content hash in the name makes it cacheable forever. */
  readonly fileName: string;
  readonly contentType: string;
  readonly hash: string;
  /** Only the codings that came out smaller than the original; identity is always there. */
  readonly bodies: Readonly<Partial<Record<ContentCoding, Buffer>>> & { readonly identity: Buffer };
}

export interface AssetTable {
  /** The path a page links to, e.g. `/assets/site.1a2b3c4d5e.css`. */
  href(name: AssetName): string;
  /** The asset served under a hashed file name, if any. */
  find(fileName: string): Asset | undefined;
}

const ASSET_PATH_PREFIX = '/assets/';

function compressed(identity: Buffer): Asset['bodies'] {
  const bodies: Partial<Record<ContentCoding, Buffer>> & { identity: Buffer } = { identity };
  const br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
  const gzip = gzipSync(identity, { level: constants.Z_BEST_COMPRESSION });
  if (br.length < identity.length) bodies.br = br;
  if (gzip.length < identity.length) bodies.gzip = gzip;
  return bodies;
}

function loadAsset(name: AssetName, dir: string): Asset {
  const identity = readFileSync(join(dir, name));
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 12);
  const extension = extname(name);
  // Compressed at the first request for the asset: at maximum quality that is a few dozen
  // milliseconds of start-up otherwise, and an API-only deployment never serves one.
  let bodies: Asset['bodies'] | undefined;
  return {
    fileName: `${name.slice(0, -extension.length)}.${hash}${extension}`,
    contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    hash,
    get bodies() {
      bodies ??= compressed(identity);
      return bodies;
    },
  };
}

/** Reads and hashes every asset once, at start-up, so serving one is a lookup. */
export function loadAssets(dir: string = ASSET_DIR): AssetTable {
  const byName = new Map<AssetName, Asset>();
  const byFileName = new Map<string, Asset>();
  for (const name of ASSET_FILES) {
    const asset = loadAsset(name, dir);
    byName.set(name, asset);
    byFileName.set(asset.fileName, asset);
  }
  return {
    href: (name) => `${ASSET_PATH_PREFIX}${(byName.get(name) as Asset).fileName}`,
    find: (fileName) => byFileName.get(fileName),
  };
}
