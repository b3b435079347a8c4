import { tmpdir } from 'node:os';

/**
 * Set by scripts/run-tests.ts, which points the tests' `TMPDIR` at a folder in memory, to the system's
 * temporary folder as it was: on disk, where it can hold hard links into the checkout.
 */
export const DISK_TEMPORARY_VARIABLE = 'SLOTMOJI_TEST_DISK_TMPDIR';

/** The system's temporary folder on disk, for what must share a file system with the checkout. */
export const diskTemporaryFolder = (): string => process.env[DISK_TEMPORARY_VARIABLE] ?? tmpdir();
