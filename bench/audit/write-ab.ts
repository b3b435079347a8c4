import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CatalogueDocument, ImportedSlot } from '../../src/catalogue/records/document.js';
import type { Actor } from '../../src/store/access.js';
import type { SlotInput } from '../../src/store/store.js';
import { benchDatabase } from './stores.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ACTOR: Actor = { type: 'token', name: 'bench' };

/** What both versions of a store can do, as far as this benchmark needs: the shapes of their write methods. */
interface AnyStore {
  migrate(): Promise<unknown>;
  replaceCatalogue(slots: readonly ImportedSlot[], categories: Record<string, readonly string[]>, now: string, actor?: Actor): Promise<unknown>;
  replaceSlot(id: number, slot: SlotInput, now: string, actor?: Actor): Promise<unknown>;
  close(): Promise<void>;
}
type StoreClass = new (location: string) => AnyStore;

/**
 * The last commit whose store wrote no audit entry (before issue 35), unless BENCH_AUDIT_BASE names
 * another. A merge base with main would be HEAD itself once the audit is on main, an A/B of the code
 * against itself.
 */
const STORE_WITHOUT_AUDIT = 'a9986d2';

/**
 * The sources of the base commit (the store without the audit), in a folder of their own beside this
 * checkout's packages: "without" in the A/B is that code, not a switch in this one.
 */
function baseSources(): { readonly dir: string; readonly commit: string; remove(): void } {
  const commit = execFileSync('git', ['rev-parse', process.env['BENCH_AUDIT_BASE'] ?? STORE_WITHOUT_AUDIT], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-bench-base-'));
  execFileSync('sh', ['-c', `git archive ${commit} src | tar -x -C "${dir}"`], { cwd: ROOT });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return { dir, commit, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function storeClass(root: string, kind: 'sqlite' | 'postgres'): Promise<StoreClass> {
  const module = (await import(pathToFileURL(join(root, 'src', 'store', `${kind}.ts`)).href)) as Record<string, StoreClass>;
  const found = module[kind === 'sqlite' ? 'SqliteStore' : 'PostgresStore'];
  if (found === undefined) throw new Error(`no store class in ${root}`);
  return found;
}

export interface WriteAB {
  readonly baseCommit: string;
  /** Milliseconds per one-slot write (replace), every write, in the order written: entry i of both is one pair. */
  readonly withAudit: readonly number[];
  readonly without: readonly number[];
}

/**
 * One-slot replaces on a catalogue of `document`'s size, this branch's store (the write plus its audit
 * entry and version row, in one transaction) against the branch point's, on the same kind of
 * database, taking turns write by write.
 */
export async function writeAB(kind: 'sqlite' | 'postgres', document: CatalogueDocument, writesPerRound: number, rounds: number): Promise<WriteAB> {
  const base = baseSources();
  const databases = [await benchDatabase(kind), await benchDatabase(kind)];
  const stores: AnyStore[] = [];
  try {
    const [Current, Base] = [await storeClass(ROOT, kind), await storeClass(base.dir, kind)];
    const current = new Current(databases[0]?.location ?? '');
    const previous = new Base(databases[1]?.location ?? '');
    stores.push(current, previous);
    const now = '2026-03-01T00:00:00.000Z';
    for (const store of stores) {
      await store.migrate();
      await store.replaceCatalogue(document.slots, document.categories, now, ACTOR);
    }
    const slots = document.slots;
    const write = async (store: AnyStore, index: number, out: number[]) => {
      const id = 1 + ((index * 7919) % slots.length);
      const slot = slots[id - 1] as ImportedSlot;
      const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = slot;
      const started = performance.now();
      await store.replaceSlot(id, { ...fields, rtp: 90 + (index % 900) / 100 } as SlotInput, now, ACTOR);
      out.push(performance.now() - started);
    };
    const withAudit: number[] = [];
    const without: number[] = [];
    // Write by write, in turns (which goes first flips every pair), so a burst of load from elsewhere
    // on this shared machine falls on both alike; each pair gives one ratio.
    for (let index = 0; index < rounds * writesPerRound; index++) {
      const turns: [AnyStore, number[]][] = index % 2 === 0 ? [[current, withAudit], [previous, without]] : [[previous, without], [current, withAudit]];
      for (const [store, out] of turns) await write(store, index, out);
    }
    return { baseCommit: base.commit, withAudit, without };
  } finally {
    for (const store of stores) await store.close();
    for (const database of databases) await database.drop();
    base.remove();
  }
}
