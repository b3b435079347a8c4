import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';
import { LAYERS } from '../../eslint.config.js';

const eslint = new ESLint();

async function complaints(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the layer table of eslint.config.js', () => {
  test('names every folder and top-level module of src/, so nothing new escapes it', () => {
    const layers = readdirSync('src', { withFileTypes: true }).map((entry) => entry.name.replace(/\.ts$/, ''));
    assert.deepEqual([...layers].sort(), Object.keys(LAYERS).sort());
  });

  test('refuses an import across a line the table does not allow, at any depth', async () => {
    const refused: [string, string, RegExp][] = [
      ['src/catalogue/search/breach.ts', "import { HttpError } from '../../http/answers/errors.js';\nexport const e = HttpError;\n", /catalogue layer may not import http/],
      ['src/catalogue/breach.ts', "import type { Store } from '../store/store.js';\nexport type S = Store;\n", /catalogue layer may not import store/],
      ['src/web/markup/breach.ts', "import { badRequest } from '../../http/answers/errors.js';\nexport const b = badRequest;\n", /web layer may not import http/],
      ['src/web/breach.ts', "import type { Store } from '../store/store.js';\nexport type S = Store;\n", /web layer may not import store/],
      ['src/store/breach.ts', "import { HttpError } from '../http/answers/errors.js';\nexport const e = HttpError;\n", /store layer may not import http/],
      ['src/http/routes/breach.ts', "import { SqliteStore } from '../../store/sqlite.js';\nexport const s = SqliteStore;\n", /http layer may not import store beyond its contract/],
      ['src/app.ts', "import { SqliteStore } from './store/sqlite.js';\nexport const s = SqliteStore;\n", /app layer may not import store/],
      ['src/webhooks/breach.ts', "import { HttpError } from '../http/answers/errors.js';\nexport const e = HttpError;\n", /webhooks layer may not import http/],
      // import() too, which the static-import rule does not see.
      ['src/catalogue/search/breach.ts', "export const load = () => import('../../store/sqlite.js');\n", /no-restricted-syntax: the catalogue layer may not import store/],
      ['src/server.ts', "export const load = () => import('./http/answers/errors.js');\n", /no-restricted-syntax: the server layer may not import http/],
      ['src/http/breach.ts', "export const load = () => import('../store/sqlite.js');\n", /no-restricted-syntax: the http layer may not import store beyond its contract/],
    ];
    for (const [filePath, code, expected] of refused) {
      const found = await complaints(filePath, code);
      assert.ok(found.some((text) => expected.test(text)), `${filePath}: expected ${expected}, got ${JSON.stringify(found)}`);
    }
  });

  test('lets through what the table allows', async () => {
    assert.deepEqual(await complaints('src/http/routes/allowed.ts', "import { StoreUnavailableError } from '../../store/store.js';\nexport const s = StoreUnavailableError;\n"), []);
    assert.deepEqual(await complaints('src/catalogue/search/allowed.ts', "import { emojiKey } from '../../emoji/emoji.js';\nexport const k = emojiKey;\n"), []);
    assert.deepEqual(await complaints('src/server.ts', "export const load = () => import('./ratelimit/redis-limiter.js');\n"), []);
  });

  test('keeps the environment to src/config.ts', async () => {
    assert.match((await complaints('src/store/breach.ts', 'export const port = process.env.PORT;\n')).join('\n'), /only src\/config.ts reads the environment/);
  });
});
