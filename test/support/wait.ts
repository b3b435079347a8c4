/**
 * Waits for `promise`, failing after `ms` with a message naming what never happened. The timer also
 * keeps the event loop alive while the awaited event depends only on unref'd timers.
 */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: did not happen within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once `check` returns true, asking again whenever `poll` ms pass; fails after `ms`. */
export async function eventually(check: () => Promise<boolean> | boolean, ms: number, what: string, poll = 20): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`${what}: not true within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, poll));
  }
}
