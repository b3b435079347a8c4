import assert from 'node:assert/strict';
import { EXPECTED_CORS } from '../support/http.js';

/**
 * The most CPU any single answer may cost the process (the server and the test's client in it): a generous
 * behavioural bound against a pathological path, not a benchmark. CPU time, not elapsed time: a loaded
 * machine stretched a 10 ms answer past a second now and then. An answer that never comes is the test's timeout's.
 */
const MAX_ANSWER_CPU_MS = 1000;

export interface Answer {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[] | number | undefined>>;
  readonly body: string;
}

/**
 * What holds for every answer, whatever was asked: no 5xx, the CORS headers, no answer costing more than
 * `MAX_ANSWER_CPU_MS` of CPU, and an error body in the JSON shape of decisions §9 (the HTML 404 of a slot page
 * aside, and HEAD answers, which have no body).
 */
export function assertSound(answer: Answer, cpuMs: number, method: string): void {
  assert.ok(answer.statusCode < 500, `status ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  for (const [name, value] of Object.entries(EXPECTED_CORS)) assert.equal(answer.headers[name], value, `${name} on a ${answer.statusCode}`);
  assert.ok(cpuMs < MAX_ANSWER_CPU_MS, `answered for ${cpuMs.toFixed(0)} ms of CPU`);
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

/** The process's CPU time (all its threads) from `since`, a `process.cpuUsage()`, in milliseconds. */
export function cpuMsSince(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
}
