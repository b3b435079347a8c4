import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The parts of an OpenAPI document the tests read. */
export interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, OperationObject>>>>;
  readonly components: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly [key: string]: unknown;
}

export interface OperationObject {
  readonly operationId?: string;
  readonly responses: Readonly<Record<string, unknown>>;
  readonly [key: string]: unknown;
}

/** One operation of the document, with a matcher for the concrete paths it serves. */
export interface DocumentedOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly pattern: RegExp;
  readonly operation: OperationObject;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

export function documentedOperations(document: OpenApiDocument): DocumentedOperation[] {
  const operations: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      operations.push({ operationId: operation.operationId ?? `${method} ${path}`, method: method.toUpperCase(), path, pattern, operation });
    }
  }
  return operations;
}

/** The operation a request (method and path, query left off) reaches. */
export function operationOf(operations: readonly DocumentedOperation[], method: string, url: string): DocumentedOperation | undefined {
  const path = url.split('?')[0] ?? url;
  return operations.find((operation) => operation.method === method && operation.pattern.test(path));
}

/** Every route the app has (method and Fastify's URL pattern), read from its route tree. */
export function appRoutes(app: FastifyInstance): { readonly method: string; readonly url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^([│ ]*)[├└]── (.*) \(([A-Z, ]+)\)$/.exec(line) ?? /^([│ ]*)[├└]── (.*)$/.exec(line);
    if (node === null) continue;
    const depth = (node[1] ?? '').length / 4;
    stack.length = depth;
    const url = `${stack.at(-1) ?? ''}${node[2] ?? ''}`;
    stack.push(url);
    for (const method of (node[3] ?? '').split(',').map((name) => name.trim()).filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

export interface WireResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
}

/** One request over a real socket with Node's own client, headers exactly as given (even a wrong Content-Length). */
export function send(port: number, method: string, path: string, headers: Readonly<Record<string, string>> = {}, body?: string | Buffer): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method, path, headers: { connection: 'close', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    // A server that answers before reading the body (413, 431) may close while it is still being sent.
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    request.end(body);
  });
}
