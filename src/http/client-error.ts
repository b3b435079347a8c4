import type { Socket } from 'node:net';
import { errorBody } from './errors.js';
import { CORS_HEADERS } from './plugins/cors.js';

/**
 * Answers a request Node's HTTP parser refused before any route ran (raw non-ASCII bytes in the
 * request line, malformed headers, oversized headers) with the same JSON error shape and CORS headers.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const statusCode = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message =
    statusCode === 431
      ? 'headers: larger than the server accepts'
      : 'request: malformed HTTP request line or headers (paths must be percent-encoded ASCII)';
  const body = JSON.stringify(errorBody(statusCode, message));
  const headers = Object.entries(CORS_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(
    `HTTP/1.1 ${statusCode} ${statusCode === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `${headers}connection: close\r\n\r\n${body}`,
  );
}
