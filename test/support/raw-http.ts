import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { EXPECTED_CORS } from './http.js';

/** One response as read off the wire. */
export interface RawResponse {
  readonly statusCode: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})(?: [^\r\n]*)?$/;

/** The length of a chunked body starting at `from`, or of everything left when it is cut short. */
function chunkedLength(data: Buffer, from: number): number {
  let at = from;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return data.length - from;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size >= 0)) return data.length - from;
    at = lineEnd + 2 + size + 2;
    if (size === 0) return Math.min(at, data.length) - from;
  }
}

/**
 * Every response in the bytes a server sent on one connection, in order: heads parsed, bodies
 * delimited by Content-Length or chunking (a HEAD answer's announced body is absent, so a body
 * that looks like the next status line is taken as none).
 */
export function parseResponses(data: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let at = 0;
  while (at < data.length) {
    const headEnd = data.indexOf('\r\n\r\n', at);
    if (headEnd < 0) throw new Error(`response head cut short: ${JSON.stringify(data.subarray(at, at + 200).toString('latin1'))}`);
    const [statusLine = '', ...lines] = data.subarray(at, headEnd).toString('latin1').split('\r\n');
    const status = STATUS_LINE.exec(statusLine);
    if (status === null) throw new Error(`not a status line: ${JSON.stringify(statusLine)}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const bodyStart = headEnd + 4;
    const nextIsResponse = data.subarray(bodyStart, bodyStart + 7).toString('latin1') === 'HTTP/1.';
    let length = 0;
    if (nextIsResponse) length = 0;
    else if (headers['transfer-encoding']?.toLowerCase() === 'chunked') length = chunkedLength(data, bodyStart);
    else if (headers['content-length'] !== undefined) length = Number(headers['content-length']);
    responses.push({ statusCode: Number(status[1]), headers, body: data.subarray(bodyStart, bodyStart + length).toString('utf8') });
    at = bodyStart + length;
  }
  return responses;
}

export interface Exchange {
  /** Everything the server sent before it closed the connection. */
  readonly data: Buffer;
  readonly responses: readonly RawResponse[];
}

/**
 * Sends `request` exactly as given on a fresh connection, ends the sending side (so a request cut
 * short is one the server can see is over), and reads until the server closes the connection.
 */
export function exchange(port: number, request: Buffer): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A server that refuses a request while it is still being sent may reset the connection.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      const data = Buffer.concat(chunks);
      try {
        resolve({ data, responses: parseResponses(data) });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** A connection a test drives step by step: what it has received so far, and when the server closed it. */
export interface OpenConnection {
  readonly socket: Socket;
  received(): Buffer;
  /** Resolves once the server has ended or closed the connection. */
  readonly ended: Promise<void>;
  /** Whether the server has ended or closed the connection yet. */
  isEnded(): boolean;
}

/** `allowHalfOpen`: keep our side open after the server ends its side, as a stubborn client would. */
export function openConnection(port: number, options: { readonly allowHalfOpen?: boolean } = {}): Promise<OpenConnection> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let ended = false;
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: options.allowHalfOpen ?? false });
    const endedPromise = new Promise<void>((done) => {
      const finish = () => {
        ended = true;
        done();
      };
      socket.once('end', finish);
      socket.once('close', finish);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.once('connect', () =>
      resolve({ socket, received: () => Buffer.concat(chunks), ended: endedPromise, isEnded: () => ended }),
    );
    socket.once('error', reject);
  });
}

/** The JSON error of decisions §9 with CORS on a raw answer; returns its message. */
export function assertRawJsonError(response: RawResponse | undefined, statusCode: number): string {
  assert.ok(response !== undefined, 'an answer');
  assert.equal(response.statusCode, statusCode, response.body);
  assert.match(response.headers['content-type'] ?? '', /^application\/json/);
  for (const [name, value] of Object.entries(EXPECTED_CORS)) assert.equal(response.headers[name], value, name);
  const body = JSON.parse(response.body) as { statusCode: number; error: string; message: string };
  assert.equal(body.statusCode, statusCode);
  return body.message;
}
