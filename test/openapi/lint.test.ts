import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { openApiDocument } from '../../scripts/openapi-document.js';

const REDOCLY = new URL('../../node_modules/.bin/redocly', import.meta.url).pathname;
const CONFIG = new URL('../../redocly.yaml', import.meta.url).pathname;

interface LintReport {
  readonly totals: { readonly errors: number; readonly warnings: number; readonly ignored: number };
  readonly problems: readonly { readonly ruleId: string; readonly message: string; readonly location: readonly { readonly pointer: string }[] }[];
}

describe('the OpenAPI document under Redocly', { timeout: 120_000 }, () => {
  it("passes the recommended ruleset with no error and no warning, and without calling home", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slotmoji-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(await openApiDocument()));
      const { stdout } = await promisify(execFile)(REDOCLY, ['lint', '--config', CONFIG, '--format=json', file], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout) as LintReport;
      const problems = report.problems.map(({ ruleId, message, location }) => `${ruleId}: ${message} at ${location[0]?.pointer ?? '?'}`);
      assert.deepEqual(problems, []);
      assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
