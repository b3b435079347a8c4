/*
 * Makes `process.nextTick` queue entries, collects the whole heap a few times while none is alive,
 * makes more, and prints V8's feedback for `nextTick` (test/process/v8-tuning.test.ts), with the
 * serving tuning when asked: `node --expose-gc --allow-natives-syntax --import tsx
 * test/support/next-tick-feedback.ts tuned|untuned`. V8 prints through C's buffered stdout, which a
 * pipe may cut short at exit: give it a file.
 */
import { tuneV8ForServing } from '../../src/v8-tuning.js';

const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error('run with --expose-gc');
if (process.argv[2] === 'tuned') tuneV8ForServing();
const ticks = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => process.nextTick(resolve));
};
await ticks(2000);
for (let i = 0; i < 8; i++) {
  await new Promise((resolve) => setTimeout(resolve, 5));
  collect();
  await ticks(10);
}
await ticks(2000);
// Natives syntax parses only in code compiled at run time.
new Function('f', '%DebugPrint(f)')(process.nextTick);
