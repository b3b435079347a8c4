import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorBody } from '../answers/errors.js';
import { CORS_HEADERS } from '../plugins/cors.js';
import { MAX_HEADER_BYTES } from './server-options.js';
import { isSlowUpload } from './slow-uploads.js';

/** How long a refused client has to read the answer before its connection is torn down. */
const CLOSE_GRACE_MS = 1000;

/** Node's parser and timeout errors, by code, as the status and message of the answer. */
const ANSWERS: Readonly<Record<string, readonly [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, `request line and headers: larger than the ${MAX_HEADER_BYTES / 1024} KiB the server accepts`],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request: headers or body not received in time; the connection is closed'],
};
const MALFORMED: readonly [number, string] = [400, 'request: malformed HTTP request line or headers (paths must be percent-encoded ASCII)'];

/** The answer being written on this connection, if any (Node's own bookkeeping, which its default handler reads too). */
function answerStarted(socket: Socket): boolean {
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  return current?.headersSent === true;
}

/**
 * Answers a request Node refused before any route ran (raw non-ASCII bytes in the request line,
 * malformed or oversized headers, a client too slow to send its request) with the same JSON error
 * shape and CORS headers, then closes the connection.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (socket.destroyed) return;
  // Node has stopped timing this request (it checks each one once); the socket's idle timeout goes on.
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && isSlowUpload(socket)) return;
  if (error.code === 'ECONNRESET' || !socket.writable || answerStarted(socket)) {
    socket.destroy();
    return;
  }
  const [statusCode, message] = (error.code === undefined ? undefined : ANSWERS[error.code]) ?? MALFORMED;
  refuseConnection(socket, statusCode, message);
}

/**
 * Writes a JSON error answer with CORS straight onto a connection no route will answer, and closes
 * it: at once for our side, and for good once the client has had a moment to read the answer, so a
 * client that never closes cannot keep it.
 */
export function refuseConnection(socket: Duplex, statusCode: number, message: string): void {
  const body = JSON.stringify(errorBody(statusCode, message));
  const headers = Object.entries(CORS_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? 'Error'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `${headers}connection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
}
