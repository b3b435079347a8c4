/*
 * Prints one fresh request id, as a process of its own makes it (test/http/caller/request-id.test.ts:
 * another process, another prefix): `node --import tsx test/support/print-request-id.ts`.
 */
import { requestId } from '../../src/http/caller/request-id.js';

process.stdout.write(requestId({ headers: {} } as Parameters<typeof requestId>[0]));
