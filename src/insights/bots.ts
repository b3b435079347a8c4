import { isbot } from 'isbot';

/** User-Agents already judged; past this many the memory starts again, so no flood of agents can grow it. */
const REMEMBERED_AGENTS = 1024;
const judged = new Map<string, boolean>();

/** Whether a User-Agent is a known bot, by isbot's maintained list. */
export function isBot(userAgent: string): boolean {
  let bot = judged.get(userAgent);
  if (bot === undefined) {
    if (judged.size >= REMEMBERED_AGENTS) judged.clear();
    bot = isbot(userAgent);
    judged.set(userAgent, bot);
  }
  return bot;
}
