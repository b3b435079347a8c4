import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Connections whose request in hand is an import its sender was allowed to send for as long as its bytes keep coming. */
const uploading = new WeakSet<Socket>();

/**
 * Lets the request in hand, an authenticated catalogue import, outlast the request timeout (30 s: a
 * 110 MB document over a slow link takes longer) for as long as its bytes keep coming: the
 * connection's idle timeout still cuts an upload that stalls. Until its answer is sent.
 */
export function allowSlowUpload(request: IncomingMessage, response: ServerResponse): void {
  const { socket } = request;
  uploading.add(socket);
  response.once('close', () => uploading.delete(socket));
}

/** Whether a request timeout on `socket` is an allowed slow upload's, which the idle timeout judges instead. */
export const isSlowUpload = (socket: Socket): boolean => uploading.has(socket);
