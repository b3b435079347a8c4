import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { quote } from '../../emoji/parse.js';
import { errorBody, HttpError } from '../answers/errors.js';

const MAX_PATH_IN_MESSAGE = 200;
/** Longest path parameter the router accepts (room for 20 long ZWJ emojis, percent-encoded). */
export const MAX_PATH_SEGMENT_LENGTH = 4096;

/** Messages for Fastify's own request errors, which otherwise leak framework wording. */
const FRAMEWORK_MESSAGES: Readonly<Record<string, (error: FastifyError) => string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => 'body: larger than this route accepts',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (error) => `Content-Type: ${error.message.replace(/^Unsupported Media Type:?\s*/i, '') || 'not supported'}; send application/json`,
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'body: empty, but Content-Type is application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'Content-Length: does not match the body',
  FST_ERR_BAD_URL: () => 'path: malformed percent-encoding',
  FST_ERR_MAX_PARAM_LENGTH: () => `path: a segment is longer than ${MAX_PATH_SEGMENT_LENGTH} characters`,
  FST_ERR_ASYNC_CONSTRAINT: () => 'request: could not be routed',
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error && typeof error.code === 'string';
}

/** Shown in a 404: the path as received, bounded and escaped. */
export function describePath(url: string): string {
  const path = url.split('?')[0] ?? url;
  return quote(path.length > MAX_PATH_IN_MESSAGE ? `${path.slice(0, MAX_PATH_IN_MESSAGE)}…` : path);
}

function send(reply: FastifyReply, statusCode: number, message: string, extra?: Readonly<Record<string, string>>): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ ...errorBody(statusCode, message), ...extra });
}

/** How an error is answered: its status, the message naming the problem, and any headers of its own. */
export interface ErrorAnswer {
  readonly statusCode: number;
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly extra?: Readonly<Record<string, string>>;
}

const NO_HEADERS: Readonly<Record<string, string>> = {};

/** The answer to an error we expect (ours, or a client mistake Fastify found); undefined for a fault of ours. */
export function errorAnswer(error: unknown): ErrorAnswer | undefined {
  if (error instanceof HttpError) return { statusCode: error.statusCode, message: error.message, headers: error.headers, extra: error.extra };
  const answer = (statusCode: number, message: string): ErrorAnswer => ({ statusCode, message, headers: NO_HEADERS });
  if (isFastifyError(error)) {
    const statusCode = error.statusCode ?? 500;
    const framework = FRAMEWORK_MESSAGES[error.code];
    if (framework) return answer(statusCode, framework(error));
    if (error.validation) return answer(400, `${error.validationContext ?? 'request'}: ${error.message}`);
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return answer(400, 'body: not valid JSON');
    if (statusCode >= 400 && statusCode < 500) return answer(statusCode, error.message);
  }
  if (error instanceof SyntaxError && 'statusCode' in error && error.statusCode === 400) return answer(400, 'body: not valid JSON');
  return undefined;
}

export const INTERNAL_ERROR_MESSAGE = 'The server failed to answer this request; it has been logged.';

/** Turns any thrown error into the JSON error body; a 500 never shows internals. */
export function renderError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = errorAnswer(error);
  if (answer !== undefined) {
    reply.headers(answer.headers);
    return send(reply, answer.statusCode, answer.message, answer.extra);
  }
  request.log.error({ err: error }, 'request failed');
  return send(reply, 500, INTERNAL_ERROR_MESSAGE);
}

/** One renderer for every error, the JSON 404 for unknown routes, and Fastify's own routing errors. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => renderError(error, request, reply));
  app.setNotFoundHandler((request, reply) => {
    send(reply, 404, `No route ${request.method} ${describePath(request.url)}`);
  });
}
