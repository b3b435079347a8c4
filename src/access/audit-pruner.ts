import type { AccessStore } from '../store/access.js';

const DAY_MS = 86_400_000;
/** Entries per DELETE: each is a short transaction, so writers wait at most one batch. */
const PRUNE_BATCH = 1_000;
/** How long one run may go on; the rest waits for the next run. */
const PRUNE_BUDGET_MS = 2_000;

/**
 * Deletes audit entries older than `retentionDays`, a batch at a time with the event loop free in
 * between, for at most `budgetMs`: never one giant delete that holds the writers. Resolves with how
 * many it deleted.
 */
export async function pruneAudit(
  store: AccessStore,
  retentionDays: number,
  now: number,
  options: { readonly batch?: number; readonly budgetMs?: number } = {},
): Promise<number> {
  const batch = options.batch ?? PRUNE_BATCH;
  const budget = options.budgetMs ?? PRUNE_BUDGET_MS;
  const before = new Date(now - retentionDays * DAY_MS).toISOString();
  const started = performance.now();
  let deleted = 0;
  for (;;) {
    const count = await store.pruneAudit(before, batch);
    deleted += count;
    if (count < batch || performance.now() - started >= budget) return deleted;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
