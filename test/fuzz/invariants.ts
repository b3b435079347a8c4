import assert from 'node:assert/strict';
import { EXPECTED_CORS } from '../support/http.js';

/** The longest any single answer may take: a generous behavioural bound, not a benchmark. */
const MAX_ANSWER_MS = 1000;

export interface Answer {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[] | number | undefined>>;
  readonly body: string;
}

/**
 * What holds for every answer, whatever was asked: no 5xx, the CORS headers, no answer slower than
 * `MAX_ANSWER_MS`, and an error body in the JSON shape of decisions §9 (the HTML 404 of a slot page
 * aside, and HEAD answers, which have no body).
 */
export function assertSound(answer: Answer, elapsedMs: number, method: string): void {
  assert.ok(answer.statusCode < 500, `status ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  for (const [name, value] of Object.entries(EXPECTED_CORS)) assert.equal(answer.headers[name], value, `${name} on a ${answer.statusCode}`);
  assert.ok(elapsedMs < MAX_ANSWER_MS, `answered in ${elapsedMs.toFixed(0)} ms`);
  if (answer.statusCode < 400 || method === 'HEAD') return;
  const type = String(answer.headers['content-type']);
  if (type.startsWith('text/html')) {
    assert.equal(answer.statusCode, 404, 'only the not-found page is an HTML error');
    return;
  }
  assert.match(type, /^application\/json/, `content type of a ${answer.statusCode}`);
  const error = JSON.parse(answer.body) as Record<string, unknown>;
  assert.equal(error['statusCode'], answer.statusCode);
  assert.equal(typeof error['error'], 'string');
  assert.equal(typeof error['message'], 'string');
}
