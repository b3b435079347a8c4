import { executionAsyncResource } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';

/** One of `process.nextTick`'s queue entries, kept for the life of the process (see below). */
const keptTickEntries: object[] = [];

/**
 * Settings for a long-running server, made once at start, before the catalogue is loaded.
 *
 * V8's memory reducer collects the whole heap once a process goes idle, to give memory back; a
 * server that keeps its memory answers alike before and after quiet spells.
 *
 * Every `process.nextTick` (Node calls it several times per HTTP request) builds its queue entry
 * from an object literal with symbol keys, each property added by a map transition that V8 holds
 * only weakly. A full collection while no entry is alive (start-up's loading does several, as does
 * any quiet spell) drops those maps; the next entry makes new ones, and after a few rounds the
 * literal's property definitions go megamorphic: from then on every entry is built in V8's runtime
 * (what that costs a bare node:http server: bench/history/2026-11-24.md). One entry kept alive keeps
 * the maps, and with them the fast path.
 */
export function tuneV8ForServing(): void {
  setFlagsFromString('--no-memory-reducer');
  process.nextTick(() => keptTickEntries.push(executionAsyncResource()));
}
