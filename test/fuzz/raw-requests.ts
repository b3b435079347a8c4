import fc from 'fast-check';
import { request, type FuzzRequest } from './requests.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** A generated request written out as HTTP/1.1, raw non-ASCII included, asking the server to close afterwards. */
export function serialise(fuzzed: FuzzRequest): Buffer {
  const headers = { host: 'localhost', ...fuzzed.headers, connection: 'close' };
  const body = fuzzed.body === undefined ? undefined : bytes(fuzzed.body);
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  if (body !== undefined) lines.push(`content-length: ${body.length}\r\n`);
  return Buffer.concat([bytes(`${fuzzed.method} ${fuzzed.url} HTTP/1.1\r\n${lines.join('')}\r\n`), body ?? Buffer.alloc(0)]);
}

/** Bytes that are not valid UTF-8: stray continuation bytes, overlong forms, surrogates, cut-off sequences. */
const invalidUtf8 = fc.constantFrom(
  [0xff], [0xfe, 0xff], [0x80], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf0, 0x9f], [0xf0, 0x9f, 0x8d],
).map((values) => Buffer.from(values));

const anyBytes = (maxLength: number) => fc.uint8Array({ maxLength }).map((array) => Buffer.from(array));

const text = (arbitrary: fc.Arbitrary<string>) => arbitrary.map(bytes);

/** A request target: a path as clients send it, or raw bytes, controls and invalid UTF-8 in it, or far too long. */
const target: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 8, arbitrary: request.map((fuzzed) => bytes(fuzzed.url)) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.oneof(text(fc.constantFrom('/api/play/', '/api/slots/', '/slots/', '/', '?emoji=', '%F0%9F%8D%92')), invalidUtf8, anyBytes(6)), { minLength: 1, maxLength: 5 })
      .map((parts) => Buffer.concat([bytes('/'), ...parts])),
  },
  { weight: 1, arbitrary: text(fc.constantFrom('*', 'http://localhost/api/slots', 'localhost:80', '', 'api/slots', '//api/slots', '/\\api')) },
  { weight: 1, arbitrary: fc.integer({ min: 15_000, max: 20_000 }).map((length) => bytes(`/api/slots/${'a'.repeat(length)}`)) },
);

const method: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 6, arbitrary: text(fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH')) },
  { weight: 1, arbitrary: text(fc.constantFrom('CONNECT', 'TRACE', 'PROPFIND', 'BREW', 'get', 'G E T', 'GET\t')) },
  { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 8 }).map((array) => Buffer.from(array.map((byte) => (byte === 13 || byte === 10 ? 65 : byte)))) },
);

const version = text(
  fc.oneof(
    { weight: 8, arbitrary: fc.constant('HTTP/1.1') },
    { weight: 1, arbitrary: fc.constant('HTTP/1.0') },
    { weight: 1, arbitrary: fc.constantFrom('HTTP/2.0', 'HTTP/0.9', 'http/1.1', 'HTTP/1.1 x', 'HTTP/1.', '') },
  ),
);

/** Header lines, well formed or not: framing conflicts, folding, controls, raw bytes, one far too large. */
const headerLine: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 4, arbitrary: text(fc.constantFrom('Host: localhost', 'Content-Type: application/json', 'Accept: */*', 'Connection: keep-alive', 'Connection: close')) },
  {
    weight: 3,
    arbitrary: text(
      fc.constantFrom(
        'Content-Length: 5', 'Content-Length: -1', 'Content-Length: 5, 6', 'Content-Length: 99999999999999999999', 'Content-Length: abc',
        'Transfer-Encoding: chunked', 'Transfer-Encoding: gzip, chunked', 'Transfer-Encoding: chunked, identity', 'Transfer-Encoding:  chunked',
        'Expect: 100-continue', 'Expect: nonsense', 'Upgrade: websocket', 'Upgrade: h2c', 'Connection: upgrade', 'Host: ', 'Host: a, b',
        'Authorization: Bearer', 'Content-Encoding: gzip', 'X-Forwarded-For: 1.2.3.4', ' folded continuation', 'NoColon', ': no name',
        'Bad Name: x', 'X-Null: a\u0000b', 'X-Tab:\tvalue', 'X-Vertical: a\u000bb',
      ),
    ),
  },
  { weight: 2, arbitrary: fc.tuple(text(fc.constantFrom('X-Raw: ', 'Cookie: ', 'Host: ')), fc.oneof(invalidUtf8, anyBytes(12))).map((parts) => Buffer.concat(parts)) },
  { weight: 1, arbitrary: fc.integer({ min: 17 * 1024, max: 24 * 1024 }).map((length) => bytes(`X-Huge: ${'h'.repeat(length)}`)) },
);

const body: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(Buffer.alloc(0)) },
  text(fc.constantFrom('{"emojis":["🍒"]}', 'hello', '5\r\nhello\r\n0\r\n\r\n', 'z\r\nhello\r\n0\r\n\r\n', '5\r\nhello', 'ffffffffffffffff\r\n', '0\r\n\r\nGET / HTTP/1.1\r\n\r\n')),
  anyBytes(64),
);

/**
 * A request built from bytes: each part (method, target, version, header lines, line ends, body)
 * anything from well formed to garbage, so Node's parser refuses many of them before any route runs.
 */
export const rawRequest: fc.Arbitrary<Buffer> = fc
  .record({
    method,
    target,
    version,
    headers: fc.array(headerLine, { maxLength: 4 }),
    lineEnd: text(fc.oneof({ weight: 8, arbitrary: fc.constant('\r\n') }, { weight: 1, arbitrary: fc.constantFrom('\n', '\r') })),
    body,
  })
  .map(({ method: verb, target: path, version: protocol, headers, lineEnd, body: payload }) =>
    Buffer.concat([verb, bytes(' '), path, bytes(' '), protocol, lineEnd, ...headers.flatMap((line) => [line, lineEnd]), lineEnd, payload]),
  );
