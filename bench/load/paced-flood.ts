import { Agent, get } from 'node:http';

/** A browser's User-Agent, so that the flood is one counted visitor and not a bot (decisions §21). */
const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
/** How often the sender catches up with its schedule. */
const TICK_MS = 5;
/** Requests still unanswered past which the sender skips its turn (counted as skipped), so a stalled server is not buried. */
const MAX_IN_FLIGHT = 64;

export interface PacedFloodResult {
  readonly sent: number;
  readonly answered: number;
  /** Answers other than 200, and requests that failed. */
  readonly failed: number;
  /** Turns skipped because too many requests were unanswered. */
  readonly skipped: number;
  readonly seconds: number;
}

export interface PacedFlood {
  /** Stops sending, waits for the answers still due, and resolves with the tally. */
  stop(): Promise<PacedFloodResult>;
}

/**
 * One visitor (one address, one User-Agent, a few kept-alive connections) sending `perMinute` GETs of
 * `url` + a text never sent before, evenly spread: the "10,000 different searches in a minute",
 * beside whatever else the server is answering.
 */
export function startPacedFlood(url: string, perMinute: number, label: string): PacedFlood {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const started = performance.now();
  let sent = 0;
  let answered = 0;
  let failed = 0;
  let skipped = 0;
  let inFlight = 0;
  let allAnswered: (() => void) | undefined;
  const settle = (ok: boolean) => {
    inFlight -= 1;
    if (ok) answered += 1;
    else failed += 1;
    if (inFlight === 0) allAnswered?.();
  };
  const send = () => {
    sent += 1;
    inFlight += 1;
    const request = get(`${url}${label}${sent}`, { agent, headers: { 'user-agent': BROWSER_USER_AGENT } }, (response) => {
      response.resume();
      response.once('end', () => settle(response.statusCode === 200));
      response.once('error', () => settle(false));
    });
    request.once('error', () => settle(false));
  };
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 60_000) * perMinute);
    while (sent + skipped < due) {
      if (inFlight >= MAX_IN_FLIGHT) skipped += 1;
      else send();
    }
  }, TICK_MS);
  return {
    async stop() {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      if (inFlight > 0) await new Promise<void>((resolve) => (allAnswered = resolve));
      agent.destroy();
      return { sent, answered, failed, skipped, seconds };
    },
  };
}
