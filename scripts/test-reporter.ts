/**
 * The suite's reporter: node's spec reporter, told of places in the sources rather than in the test
 * bundles (each test's place, the stack traces of failures, the places in what the tests printed;
 * scripts/bundled-sources.ts says why the test processes do not map them themselves), then the
 * slowest files. One reporter, so that the summary comes after the spec reporter's last line.
 */
import { Readable } from 'node:stream';
import { spec, type TestEvent } from 'node:test/reporters';
import { sourcePlace, sourceText } from './bundled-sources.js';
import { SlowestFiles } from './slowest-files.js';

/** How deep a chain of causes is followed. */
const CAUSES = 8;

function mapStacks(error: unknown): void {
  let current = error;
  for (let depth = 0; depth < CAUSES && current instanceof Object; depth += 1) {
    if ('stack' in current && typeof current.stack === 'string') current.stack = sourceText(current.stack);
    current = 'cause' in current ? current.cause : undefined;
  }
}

function placeInSources(data: { file?: string; line?: number; column?: number }): void {
  if (data.file === undefined || data.line === undefined || data.column === undefined) return;
  const source = sourcePlace(data.file, data.line, data.column);
  if (source !== undefined) Object.assign(data, source);
}

/** The event with its places in the sources (changed in place). */
function mapped(event: TestEvent): TestEvent {
  if (event.type === 'test:pass' || event.type === 'test:fail') placeInSources(event.data);
  if (event.type === 'test:fail') mapStacks(event.data.details.error);
  if (event.type === 'test:stdout' || event.type === 'test:stderr' || event.type === 'test:diagnostic') event.data.message = sourceText(event.data.message);
  return event;
}

export default async function* testReporter(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const slowest = new SlowestFiles();
  async function* mappedEvents(): AsyncGenerator<TestEvent> {
    for await (const event of source) {
      const inSources = mapped(event);
      slowest.note(inSources);
      yield inSources;
    }
  }
  for await (const chunk of Readable.from(mappedEvents()).pipe(new spec())) yield String(chunk);
  yield slowest.summary();
}
