import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

export const EXPECTED_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Authorization',
} as const;

/** The parsed JSON body of a response, asserting it is JSON. */
export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  assert.match(String(response.headers['content-type']), /^application\/json/);
  return response.json<T>();
}

/** Asserts the JSON error shape of decisions §9 and returns its message. */
export function errorMessage(response: LightMyRequestResponse, statusCode: number): string {
  assert.equal(response.statusCode, statusCode, response.body);
  const body = json<{ statusCode: number; error: string; message: string }>(response);
  assert.equal(body.statusCode, statusCode);
  assert.equal(typeof body.error, 'string');
  assert.ok(body.error.length > 0);
  assert.equal(typeof body.message, 'string');
  assert.deepEqual(Object.keys(body).sort(), ['error', 'message', 'statusCode']);
  return body.message;
}

export function assertCors(response: LightMyRequestResponse): void {
  for (const [name, value] of Object.entries(EXPECTED_CORS)) assert.equal(response.headers[name], value, name);
}

export function assertResponseTime(response: LightMyRequestResponse): void {
  assert.match(String(response.headers['x-response-time']), /^\d+(\.\d+)?ms$/);
}
