import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { openApiDocument } from './openapi-document.js';

const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const CONFIG = new URL('../redocly.yaml', import.meta.url).pathname;

/** What Redocly said of the document: its exit code and output. */
export interface LintOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The document the service serves, linted by Redocly with `redocly.yaml` (the recommended ruleset),
 * from a directory of its own, so runs side by side never read each other's file; Redocly is told not
 * to call home.
 */
export async function lintOpenApi(format: 'json' | 'stylish'): Promise<LintOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(await openApiDocument()));
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    return await promisify(execFile)(process.execPath, [REDOCLY, 'lint', '--config', CONFIG, `--format=${format}`, file], { env }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: typeof error.code === 'number' ? error.code : 1, stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npm run lint:openapi`: Redocly's report, and its exit code.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { code, stdout, stderr } = await lintOpenApi('stylish');
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = code;
}
