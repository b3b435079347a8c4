import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lintOpenApi } from '../../scripts/lint-openapi.js';

interface LintReport {
  readonly totals: { readonly errors: number; readonly warnings: number; readonly ignored: number };
  readonly problems: readonly { readonly ruleId: string; readonly message: string; readonly location: readonly { readonly pointer: string }[] }[];
}

describe('the OpenAPI document under Redocly', { timeout: 120_000 }, () => {
  it("passes the recommended ruleset with no error and no warning, and without calling home", async () => {
    const { code, stdout } = await lintOpenApi('json');
    const report = JSON.parse(stdout) as LintReport;
    const problems = report.problems.map(({ ruleId, message, location }) => `${ruleId}: ${message} at ${location[0]?.pointer ?? '?'}`);
    assert.deepEqual(problems, []);
    assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
    assert.equal(code, 0);
  });
});
