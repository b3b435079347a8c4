import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import fc from 'fast-check';
import { checkedJsonParser, jsonParser } from '../../../src/http/input/json-parser.js';

const checked = checkedJsonParser(Fastify());
const quick = jsonParser(Fastify());

type Outcome = { readonly value: unknown } | { readonly error: string; readonly code: unknown; readonly statusCode: unknown };

function outcome(parse: (text: string) => unknown, text: string): Outcome {
  try {
    return { value: parse(text) };
  } catch (error) {
    const { message, code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
    return { error: `${(error as Error).name}: ${message}`, code, statusCode };
  }
}

/** The same value (prototypes and key order too), or the same error. */
function assertSameOutcome(text: string): void {
  const expected = outcome(checked, text);
  const actual = outcome(quick, text);
  assert.deepStrictEqual(actual, expected, JSON.stringify(text));
  if ('value' in actual && 'value' in expected) assert.equal(JSON.stringify(actual.value), JSON.stringify(expected.value));
}

// Keys the poisoning checks look for, written plainly and escaped, among ordinary ones.
const key = fc.constantFrom('"a"', '"__proto__"', '"constructor"', '"prototype"', '"\\u005f_proto__"', '"constructo\\u0072"', '"slots"', '"__proto"', '"constructors"');
const fragment = fc.oneof(
  fc.json(),
  fc.tuple(key, fc.json(), fc.constantFrom('', ' ', '\n')).map(([name, value, space]) => `{${name}${space}:${value}}`),
  fc.tuple(key, key).map(([outer, inner]) => `{${outer}:{${inner}:{"x":1}}}`),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', '\ufeff{"a":1}', '\ufeff', '{"a":1', 'null', '"\\"', '{"a":"\\u0000"}', '[1,]', '{"a":1}{', '1e999'),
);

describe('the JSON body parser', () => {
  it('answers as Fastify’s checked parser does, value or error, whatever the text', () => {
    fc.assert(fc.property(fragment, assertSameOutcome), { seed: 20261124, numRuns: 2000 });
  });

  it('refuses a poisoned key whether it is written plainly or escaped', () => {
    for (const text of ['{"__proto__":{"admin":true}}', '{"\\u005f_proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"a":{"constructo\\u0072":{"prototype":{}}}}']) {
      assert.throws(() => quick(text), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }, text);
      assertSameOutcome(text);
    }
  });

  it('takes a clean text as JSON.parse does, and a key named like a poisoned one when it is harmless', () => {
    assert.deepEqual(quick('{"name":"🍒 Cherry","rtp":96.5,"tags":["a"]}'), { name: '🍒 Cherry', rtp: 96.5, tags: ['a'] });
    assertSameOutcome('{"constructor":{"x":1}}');
    assertSameOutcome('{"a":"__proto__"}');
  });
});
