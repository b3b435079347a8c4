const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** decisions §19: after a failed delivery, the next attempt comes after these delays; after the last, the endpoint is failing. */
export const RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 24 * HOUR];

/** How long a receiver gets to answer. */
export const DELIVERY_TIMEOUT_MS = 15 * SECOND;

/** The longest `Retry-After` honoured: a receiver cannot park its endpoint for longer than the longest retry. */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;
