import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';
import { read, tableAfter } from './documents.js';

const CWD = '/srv/slotmoji';
const rows = tableAfter(read('docs/configuration.md'), 'Variable').map(([variable = '', defaultValue = '', accepts = '']) => ({
  name: variable.replace(/`/g, ''),
  defaultValue: defaultValue === 'unset' ? undefined : defaultValue.replace(/`/g, ''),
  accepts,
}));

/** Every variable src/config.ts reads: each is named once, as a quoted literal, where it is read. */
function variablesReadByConfig(): string[] {
  return [...new Set([...read('src/config.ts').matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{2,})'/g)].map(([, name]) => name ?? ''))].sort();
}

function refusal(env: Record<string, string>): string | undefined {
  try {
    loadConfig(env, CWD);
    return undefined;
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.message;
  }
}

describe('docs/configuration.md, the table of settings', () => {
  test('has one row for every variable src/config.ts reads, and none for a variable it does not', () => {
    assert.deepEqual(rows.map((row) => row.name).sort(), variablesReadByConfig());
  });

  test('states each default as src/config.ts applies it', () => {
    const defaults = loadConfig({}, CWD);
    for (const { name, defaultValue } of rows) {
      if (defaultValue === undefined) continue;
      assert.deepEqual(loadConfig({ [name]: defaultValue }, CWD), defaults, `${name}=${defaultValue} is not what an unset ${name} gives`);
    }
  });

  test('agrees with the README on the settings the README shows', () => {
    const documented = new Map(rows.map(({ name, defaultValue }) => [name, defaultValue]));
    const shown = tableAfter(read('README.md'), 'Variable');
    assert.ok(shown.length >= 6, `the README shows ${shown.length} settings`);
    for (const [variable = '', defaultValue = ''] of shown) {
      const name = variable.replace(/`/g, '');
      assert.ok(documented.has(name), `${name} is in the README but not in docs/configuration.md`);
      assert.equal(defaultValue === 'unset' ? undefined : defaultValue.replace(/`/g, ''), documented.get(name), `the README's default of ${name}`);
    }
  });

  test('states each range of whole numbers as src/config.ts accepts it', () => {
    const ranged = rows.flatMap(({ name, accepts }) => {
      const range = /^(\d+)–(\d+)$/.exec(accepts);
      return range ? [{ name, min: Number(range[1]), max: Number(range[2]) }] : [];
    });
    assert.ok(ranged.length >= 8, `only ${ranged.length} ranges`);
    for (const { name, min, max } of ranged) {
      assert.equal(refusal({ [name]: String(min) }), undefined, `${name}=${min}`);
      assert.equal(refusal({ [name]: String(max) }), undefined, `${name}=${max}`);
      assert.match(refusal({ [name]: String(max + 1) }) ?? '', new RegExp(`^${name} `), `${name}=${max + 1}`);
      if (min > 0) assert.match(refusal({ [name]: String(min - 1) }) ?? '', new RegExp(`^${name} `), `${name}=${min - 1}`);
    }
  });
});
