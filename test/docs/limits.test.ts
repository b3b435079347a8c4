import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_EMOJI_TAGS } from '../../src/catalogue/records/slot.js';
import { MAX_FACET_VALUES } from '../../src/catalogue/search/facets.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../src/catalogue/search/filter.js';
import { MAX_EMOJIS_PER_REQUEST } from '../../src/emoji/parse.js';
import { MAX_HEADER_BYTES, PUBLIC_BODY_LIMIT } from '../../src/http/connection/server-options.js';
import { EMOJI_SEARCH_DEFAULT_LIMIT, EMOJI_SEARCH_MAX_LIMIT, EMOJI_SEARCH_MAX_QUERY } from '../../src/http/contract/request-schemas.js';
import { DEFAULT_FEED_LIMIT, MAX_FEED_LIMIT } from '../../src/http/follow/cursor.js';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from '../../src/http/input/audit-query.js';
import { MAX_QUERY_CHARACTERS } from '../../src/http/input/query.js';
import { CATALOGUE_BODY_LIMIT } from '../../src/http/routes/admin.js';
import { DEFAULT_MATCH_LIMIT } from '../../src/http/routes/match.js';
import { DEFAULT_SIMILAR_LIMIT, MAX_SIMILAR_LIMIT } from '../../src/http/routes/slots.js';
import { MAX_STREAMS_PER_CLIENT } from '../../src/ratelimit/stream-seats.js';
import { SITEMAP_MAX_URLS } from '../../src/web/pages/crawlers.js';
import { read, tableAfter } from './documents.js';

/** The constants the table names, by the file that defines them: imported, so a renamed one fails to compile. */
const DEFINED: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'src/catalogue/records/slot.ts': { MAX_EMOJI_TAGS },
  'src/catalogue/search/facets.ts': { MAX_FACET_VALUES },
  'src/catalogue/search/filter.ts': { DEFAULT_LIMIT, MAX_LIMIT },
  'src/emoji/parse.ts': { MAX_EMOJIS_PER_REQUEST },
  'src/http/connection/server-options.ts': { MAX_HEADER_BYTES, PUBLIC_BODY_LIMIT },
  'src/http/contract/request-schemas.ts': { EMOJI_SEARCH_DEFAULT_LIMIT, EMOJI_SEARCH_MAX_LIMIT, EMOJI_SEARCH_MAX_QUERY },
  'src/http/follow/cursor.ts': { DEFAULT_FEED_LIMIT, MAX_FEED_LIMIT },
  'src/http/input/audit-query.ts': { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX },
  'src/http/input/query.ts': { MAX_QUERY_CHARACTERS },
  'src/http/routes/admin.ts': { CATALOGUE_BODY_LIMIT },
  'src/http/routes/match.ts': { DEFAULT_MATCH_LIMIT },
  'src/http/routes/slots.ts': { DEFAULT_SIMILAR_LIMIT, MAX_SIMILAR_LIMIT },
  'src/ratelimit/stream-seats.ts': { MAX_STREAMS_PER_CLIENT },
  'src/web/pages/crawlers.ts': { SITEMAP_MAX_URLS },
};

const UNITS: Readonly<Record<string, number>> = { '': 1, KiB: 1024, MiB: 1024 * 1024 };

/** `50`, `16 KiB` or `128 MiB` as a number. */
function valueOf(cell: string): number {
  const written = /^(\d+)(?: (KiB|MiB))?$/.exec(cell);
  assert.ok(written, `"${cell}" is not a number, KiB or MiB`);
  return Number(written[1]) * (UNITS[written[2] ?? ''] ?? Number.NaN);
}

describe('the limits table of docs/api.md', () => {
  const rows = tableAfter(read('docs/api.md'), 'limit');

  test('states each limit as the constant it names holds it', () => {
    const named = new Set<string>();
    for (const [limit = '', value = '', definedIn = ''] of rows) {
      const where = /^`(src\/[\w/.-]+\.ts)` `(\w+)`$/.exec(definedIn);
      assert.ok(where, `${limit}: "${definedIn}" names no file and constant`);
      const [, file = '', name = ''] = where;
      const defined = DEFINED[file]?.[name];
      assert.notEqual(defined, undefined, `${limit}: ${file} ${name} is not among the constants this test imports`);
      assert.equal(defined, valueOf(value), `${limit}: ${file} ${name}`);
      named.add(`${file} ${name}`);
    }
    const imported = Object.entries(DEFINED).flatMap(([file, constants]) => Object.keys(constants).map((name) => `${file} ${name}`));
    assert.deepEqual(imported.filter((constant) => !named.has(constant)), [], 'imported but in no row');
  });
});
