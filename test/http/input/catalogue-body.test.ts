import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { parseObjectPiecewise } from '../../../src/http/input/catalogue-body.js';
import { checkedJsonParser, jsonParser } from '../../../src/http/input/json-parser.js';
import { importedDocument, parseCataloguesPiecewise } from '../../../src/http/routes/admin.js';
import { SMALL_CATALOGUE } from '../../support/fixtures.js';

const FAST_CHECK = { seed: 20260316, numRuns: 300 } as const;

/** The parser Fastify gives every JSON body: JSON.parse with the prototype-poisoning checks. */
const secureParse = checkedJsonParser(Fastify());
/** What the import gives each piece: the same answers, with the checks skipped where nothing can be poisoned. */
const pieceParse = jsonParser(Fastify());

/** What the whole text, sent as UTF-8, parses to; or `refused` when the secure parser refuses it. */
function whole(text: string): { readonly value: unknown } | 'refused' {
  try {
    return { value: secureParse(Buffer.from(text, 'utf8').toString('utf8')) };
  } catch {
    return 'refused';
  }
}

function piecewise(text: string): Record<string, unknown> | undefined {
  return parseObjectPiecewise(Buffer.from(text, 'utf8'), 'slots', pieceParse);
}

/** Equal as JSON.parse gives it: the same values (`-0` too), prototypes and key order. */
function assertSameParse(actual: unknown, expected: unknown): void {
  assert.deepStrictEqual(actual, expected);
  assert.equal(JSON.stringify(actual), JSON.stringify(expected));
}

// JSON texts written out by hand, so they can have whitespace anywhere, every way of escaping a
// string, and repeated keys, none of which JSON.stringify writes.
const space = fc.constantFrom('', '', '', ' ', '\n', '\t', '\r\n  ', '   ');

/** A string literal: as JSON.stringify writes it, with its non-ASCII escaped, or every character escaped. */
const encode = (text: string, style: number) => {
  if (style === 0) return JSON.stringify(text);
  const escape = (unit: number) => `\\u${unit.toString(16).padStart(4, '0')}`;
  let out = '"';
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const char = text[index] as string;
    if (style === 2 || unit > 0x7e) out += escape(unit);
    else if (style === 3 && char === '/') out += '\\/';
    else out += JSON.stringify(char).slice(1, -1);
  }
  return `${out}"`;
};
const awkward = fc.constantFrom('"', '\\', '\\"', '"\\', '🍒', '🎰🍀', 'é', '\u0000', '\n', '/', '\ud83c', '{', '}', '[', ']', ',', ':', '\u2028', '\ufeff');
const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.string({ unit: awkward, maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 4 }));
const stringLiteral = fc.tuple(text, fc.integer({ min: 0, max: 3 })).map(([value, style]) => encode(value, style));
const key = fc.oneof(
  stringLiteral,
  fc.tuple(fc.constantFrom('slots', 'categories', 'id', 'name', 'emojiTags', 'toString', '0', '10', 'a'), fc.integer({ min: 0, max: 3 })).map(([value, style]) => encode(value, style)),
);
const number = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
  fc.integer().map(String),
  fc.constantFrom('-0', '0', '1e5', '1E+2', '-0.5e-3', '1e999', '123456789012345678901234567890'),
);
const scalar = fc.oneof(number, stringLiteral, fc.constantFrom('true', 'false', 'null'));

const listOf = (items: fc.Arbitrary<string>, open: string, close: string) =>
  fc.tuple(space, fc.array(fc.tuple(space, items, space), { maxLength: 5 })).map(
    ([inside, list]) => `${open}${list.length === 0 ? inside : list.map(([a, item, b]) => `${a}${item}${b}`).join(',')}${close}`,
  );
const member = (keys: fc.Arbitrary<string>, values: fc.Arbitrary<string>) =>
  fc.tuple(keys, space, space, values).map(([name, a, b, value]) => `${name}${a}:${b}${value}`);

const { value: jsonText } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
  array: listOf(tie('value'), '[', ']'),
  object: listOf(member(key, tie('value')), '{', '}'),
}));

/** A document shaped like a catalogue: `slots` (maybe twice, maybe escaped) holding objects, among other members. */
const slot = listOf(member(key, jsonText), '{', '}');
const slotsKey = fc.constantFrom('"slots"', '"\\u0073lots"', '"slot\\u0073"');
const slotsMember = member(slotsKey, fc.oneof({ weight: 4, arbitrary: listOf(fc.oneof({ weight: 5, arbitrary: slot }, { weight: 1, arbitrary: jsonText }), '[', ']') }, { weight: 1, arbitrary: jsonText }));
const catalogueText = fc
  .tuple(space, listOf(fc.oneof({ weight: 3, arbitrary: slotsMember }, { weight: 1, arbitrary: member(key, jsonText) }), '{', '}'), space)
  .map(([a, body, b]) => `${a}${body}${b}`);

/** Whether the parsed document has a top-level member the scanner leaves to the whole parser. */
const hasForbiddenTopKey = (value: unknown) => value !== null && typeof value === 'object' && (Object.hasOwn(value, '__proto__') || Object.hasOwn(value, 'constructor'));

describe('the piecewise catalogue body parser', () => {
  it('gives what JSON.parse gives for documents shaped like catalogues', () => {
    fc.assert(
      fc.property(catalogueText, (document) => {
        const expected = whole(document);
        const actual = piecewise(document);
        if (expected === 'refused') {
          assert.equal(actual, undefined);
          return;
        }
        assertSameParse(expected.value, JSON.parse(Buffer.from(document, 'utf8').toString('utf8')));
        if (!hasForbiddenTopKey(expected.value)) assert.notEqual(actual, undefined, 'a plain catalogue is parsed piecewise');
        if (actual !== undefined) assertSameParse(actual, expected.value);
      }),
      FAST_CHECK,
    );
  });

  it('gives what JSON.parse gives for any JSON text, or leaves it to the whole parser', () => {
    fc.assert(
      fc.property(fc.tuple(space, jsonText, space), ([a, value, b]) => {
        const document = `${a}${value}${b}`;
        const actual = piecewise(document);
        const expected = whole(document);
        if (actual === undefined) return;
        assert.notEqual(expected, 'refused');
        if (expected !== 'refused') assertSameParse(actual, expected.value);
      }),
      FAST_CHECK,
    );
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 2 }), (value, indent) => {
        const document = JSON.stringify(value, null, indent);
        const actual = piecewise(document);
        if (actual !== undefined) assertSameParse(actual, JSON.parse(Buffer.from(document, 'utf8').toString('utf8')));
      }),
      FAST_CHECK,
    );
  });

  it('refuses nothing the whole parser takes, and takes nothing it refuses, when a document is damaged', () => {
    const damage = fc.oneof(
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.oneof(fc.constantFrom('"', '\\', '{', '}', '[', ']', ',', ':', ' ', '\ufeff', '\u0000', 'x', '0', '-', '"__proto__":1,', '"constructor":{"prototype":{}},', '\ud800', '🍒'), fc.string({ maxLength: 3 })) }),
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('repeat' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
    );
    fc.assert(
      fc.property(catalogueText, fc.array(damage, { minLength: 1, maxLength: 3 }), (document, damages) => {
        let damaged = document;
        for (const change of damages) {
          const at = change.at % (damaged.length + 1);
          if (change.kind === 'delete') damaged = damaged.slice(0, at) + damaged.slice(at + change.length);
          else if (change.kind === 'insert') damaged = damaged.slice(0, at) + change.text + damaged.slice(at);
          else if (change.kind === 'truncate') damaged = damaged.slice(0, at);
          else damaged = damaged.slice(0, at + change.length) + damaged.slice(at);
        }
        const expected = whole(damaged);
        const actual = piecewise(damaged);
        if (expected === 'refused') assert.equal(actual, undefined, damaged);
        else if (actual !== undefined) assertSameParse(actual, expected.value);
      }),
      { ...FAST_CHECK, numRuns: 1000 },
    );
  });

  it('leaves to the whole parser what it does not plainly understand', () => {
    for (const document of [
      '',
      ' ',
      '\ufeff{"slots":[]}',
      '[{"slots":[]}]',
      '"slots"',
      'null',
      '{"slots":[{"__proto__":{"admin":true}}]}',
      '{"slots":[{"constructor":{"prototype":{"admin":true}}}]}',
      '{"__proto__":{"admin":true},"slots":[]}',
      '{"\\u005f_proto__":{"admin":true},"slots":[]}',
      '{"constructor":{},"slots":[]}',
      '{"slots":[1,]}',
      '{"slots":[,1]}',
      '{"slots":[1 2]}',
      '{"slots":[1 22]}',
      '{"slots":[{}x{}]}',
      '{"a" 12,"slots":[]}',
      '{"slots"x[1]}',
      '{"a":1 "slots":[]}',
      '{"a":1x"slots":[]}',
      '{"slots":[]}x',
      '{"slots":[]',
      '{"slots":[}',
      '{"slots" []}',
      '{"slots":[{"a":"\\"}]}',
      '{slots:[]}',
      '{"slots":[],}',
      '{"slots":[01]}',
      '{"slots":[NaN]}',
      '{"slots":["\u0001"]}',
    ]) {
      assert.equal(piecewise(document), undefined, JSON.stringify(document));
    }
  });

  it('parses each slot on its own, keeping the last of a repeated member in the first one’s place', () => {
    const document = ' {\n "categories" : {"luck":["🍀"]}, "slots":[ {"name":"A \\"quoted\\" \\\\ 🎰","tags":[[1,{"x":[]}]]} ,{}],\r\n"categories":null, "slots":[{"n":2}] } ';
    const parts: string[] = [];
    const actual = parseObjectPiecewise(Buffer.from(document), 'slots', (piece) => {
      parts.push(piece);
      return secureParse(piece);
    });
    assertSameParse(actual, JSON.parse(document));
    assert.deepEqual(Object.keys(actual ?? {}), ['categories', 'slots']);
    assert.deepEqual(parts, ['"categories"', '{"luck":["🍀"]}', '"slots"', '{"name":"A \\"quoted\\" \\\\ 🎰","tags":[[1,{"x":[]}]]}', '{}', '"categories"', 'null', '"slots"', '{"n":2}']);
  });
});

describe('the import route’s body parser, over HTTP', () => {
  const LIMIT = 1024 * 1024;
  let app: FastifyInstance;
  before(async () => {
    app = Fastify();
    // What the import makes of a body: on /piecewise its slots were checked as they were parsed, on
    // /default the whole parse is checked afterwards.
    const echo = async (request: { body: unknown }) => ({ document: importedDocument(request.body) });
    app.put('/default', { bodyLimit: LIMIT }, echo);
    app.register(async (scope) => {
      parseCataloguesPiecewise(scope);
      scope.put('/piecewise', { bodyLimit: LIMIT }, echo);
    });
    await app.ready();
  });
  after(() => app.close());

  /** Both routes' answers to the same body, to compare. */
  const answers = async (payload: string, contentType = 'application/json') => {
    const send = async (url: string) => {
      const response = await app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload });
      return { status: response.statusCode, body: response.body, connection: response.headers.connection, type: response.headers['content-type'] };
    };
    return { piecewise: await send('/piecewise'), default: await send('/default') };
  };

  it('answers every body, valid or damaged, exactly as the default parser does', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueText,
        fc.array(fc.record({ at: fc.nat(), length: fc.integer({ min: 0, max: 2 }), text: fc.constantFrom('', '"', '\\', '}', ']', ',', '\ufeff', '"__proto__":{},') }), { maxLength: 2 }),
        async (document, damages) => {
          let body = document;
          for (const { at, length, text: insert } of damages) {
            const where = at % (body.length + 1);
            body = body.slice(0, where) + insert + body.slice(where + length);
          }
          const { piecewise: ours, default: theirs } = await answers(body);
          assert.deepEqual(ours, theirs, body);
        },
      ),
      { ...FAST_CHECK, numRuns: 200 },
    );
  });

  it('answers the odd cases exactly as the default parser does', async () => {
    for (const [payload, contentType] of [
      ['', 'application/json'],
      ['\ufeff{"slots":[{"a":1}]}', 'application/json'],
      ['{"slots":[{"__proto__":{"admin":true}}]}', 'application/json'],
      ['{"__proto__":{"admin":true},"slots":[]}', 'application/json'],
      ['{"slots":[{"constructor":{"prototype":{}}}]}', 'application/json; charset=utf-8'],
      ['{"slots":[]', 'application/json'],
      ['{"slots":[1]}', 'text/plain'],
      ['{"slots":[1]}', 'APPLICATION/JSON'],
      ['x'.repeat(LIMIT + 1), 'application/json'],
    ] as const) {
      const { piecewise: ours, default: theirs } = await answers(payload, contentType);
      assert.deepEqual(ours, theirs, payload.slice(0, 60));
    }
  });

  it('checks catalogues, valid or not, exactly as a whole parse checked afterwards does', async () => {
    const slots = SMALL_CATALOGUE.slots.map((slot, index) => ({ ...slot, id: index + 1, url: 'ignored', createdAt: '2026-01-02T03:04:05Z' }));
    const [first, second] = slots;
    assert.ok(first !== undefined && second !== undefined);
    const documents = {
      valid: JSON.stringify({ slots, categories: SMALL_CATALOGUE.categories }),
      // JSON.parse keeps the last of a repeated member; so must the slots checked as they came.
      'valid, slots given twice': `{"slots":[{"nonsense":true}],"categories":{},"slots":${JSON.stringify(slots)}}`,
      'an id and a slug twice': JSON.stringify({ slots: [...slots, { ...first, slug: 'other-slug' }, { ...second, id: 999, slug: second.slug.toUpperCase() }] }),
      'a bad id and a bad date beside good fields': JSON.stringify({ slots: [{ ...first, id: 'x1', updatedAt: 'yesterday' }] }),
      'bad fields and a non-object': JSON.stringify({ slots: [{ ...first, rtp: 120, emojiTags: ['abc'] }, 7, null], categories: { luck: ['x'] }, extra: 1 }),
      'more errors than are named': JSON.stringify({ unknown: 1, slots: Array.from({ length: 80 }, (_, index) => ({ ...first, id: index + 1, rating: 9 })) }),
    };
    for (const [name, document] of Object.entries(documents)) {
      const { piecewise: ours, default: theirs } = await answers(document);
      assert.equal(ours.status, 200, name);
      assert.deepEqual(ours, theirs, name);
    }
    const valid = JSON.parse((await answers(documents.valid)).piecewise.body) as { document: { ok: boolean; value: { slots: { id: number; url?: string }[] } } };
    assert.equal(valid.document.ok, true);
    assert.deepEqual(valid.document.value.slots.map((slot) => [slot.id, slot.url]), slots.map((_, index) => [index + 1, undefined]));
    const many = JSON.parse((await answers(documents['more errors than are named'])).piecewise.body) as { document: { errors: string[] } };
    assert.equal(many.document.errors.length, 50);
    assert.equal(many.document.errors[0], 'unknown: unknown field');
    assert.equal(many.document.errors[49], 'slots[48].rating: must be <= 5');
  });
});
