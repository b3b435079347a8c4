import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The parts of V8's .cpuprofile format used here. */
interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly children?: readonly number[];
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number; readonly columnNumber: number };
  }[];
  /** Microseconds on the monotonic clock, the one process.hrtime reads. */
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface HotFunction {
  readonly name: string;
  /** `src/…ts:line` for our code (through the source maps), else the package or Node module and line. */
  readonly location: string;
  readonly selfMs: number;
  /** Share of the busy (non-idle) time in the window. */
  readonly share: number;
}

export interface ProfileSummary {
  readonly busyMs: number;
  readonly windowMs: number;
  readonly top: readonly HotFunction[];
  /** Self time by where the code lives: our src/, each package, Node itself, GC. */
  readonly byArea: readonly { readonly area: string; readonly share: number }[];
}

const maps = new Map<string, SourceMap | undefined>();

function sourceMapOf(file: string): SourceMap | undefined {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload) : undefined);
  }
  return maps.get(file);
}

/** Where a frame's code is, relative to `root`: through the bundle's source map back to src/ or the package it came from. */
function locate(root: string, url: string, line: number, column: number): { location: string; area: string } {
  if (url === '') return { location: '', area: 'V8 / native' };
  if (!url.startsWith('file://')) return { location: `${url}:${line + 1}`, area: 'Node internals' };
  const file = fileURLToPath(url);
  const entry = sourceMapOf(file)?.findEntry(line, column);
  const mapped = entry !== undefined && 'originalSource' in entry;
  const original = !mapped ? file : entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : resolve(dirname(file), entry.originalSource);
  const path = relative(root, original);
  const at = `:${(mapped ? entry.originalLine : line) + 1}`;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (inPackage !== null) return { location: `${path.slice(path.indexOf(inPackage[1] as string))}${at}`, area: inPackage[1] as string };
  return { location: `${path}${at}`, area: 'slotmoji src/' };
}

const IDLE = '(idle)';

/**
 * Self time per function of the server built in `root`, over the samples taken between `fromUs` and `toUs` (process.hrtime
 * microseconds), so start-up and shutdown stay out of it. Each sample's interval is the time to the
 * next one, as Chrome's profiler counts it.
 */
export function summariseProfile(path: string, root: string, fromUs: number, toUs: number, topCount = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const selfUs = new Map<number, number>();
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    time += profile.timeDeltas[i] ?? 0;
    const interval = profile.timeDeltas[i + 1] ?? 0;
    if (time < fromUs || time > toUs) continue;
    const id = profile.samples[i] as number;
    selfUs.set(id, (selfUs.get(id) ?? 0) + interval);
  }
  const functions = new Map<string, { name: string; location: string; area: string; us: number }>();
  for (const [id, us] of selfUs) {
    const frame = frames.get(id);
    if (frame === undefined || frame.functionName === IDLE) continue;
    let { location, area } = locate(root, frame.url, frame.lineNumber, frame.columnNumber);
    let name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
    if (frame.functionName === '' && frame.url === '') {
      // Unnamed native code (a C++ builtin such as Buffer.byteLength's): named after its JavaScript caller.
      const caller = frames.get(parents.get(id) ?? -1);
      name = `(native, in ${caller?.functionName || 'anonymous'})`;
      location = caller === undefined ? '' : locate(root, caller.url, caller.lineNumber, caller.columnNumber).location;
      area = 'V8 / native';
    } else if (frame.url === '' && name.startsWith('(')) {
      area = name;
    }
    const key = `${name} ${location}`;
    const entry = functions.get(key) ?? { name, location, area, us: 0 };
    entry.us += us;
    functions.set(key, entry);
  }
  const busyUs = [...functions.values()].reduce((sum, entry) => sum + entry.us, 0);
  const areas = new Map<string, number>();
  for (const entry of functions.values()) areas.set(entry.area, (areas.get(entry.area) ?? 0) + entry.us);
  return {
    busyMs: busyUs / 1000,
    windowMs: (toUs - fromUs) / 1000,
    top: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, topCount)
      .map((entry) => ({ name: entry.name, location: entry.location, selfMs: entry.us / 1000, share: entry.us / busyUs })),
    byArea: [...areas]
      .sort((a, b) => b[1] - a[1])
      .map(([area, us]) => ({ area, share: us / busyUs })),
  };
}
