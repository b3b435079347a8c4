import type { LoggedChange, Store } from '../store/store.js';
import type { CatalogueService } from './catalogue-service.js';

/** Changes kept in memory for streams that are only a little behind. */
const RECENT_CHANGES = 1024;
/** Changes read from the log per round trip. */
const READ_PAGE = 500;

/**
 * The end of the change log as this instance follows it, for every open stream at once: each time
 * the snapshot moves on (a write here, another instance's change followed, a load) the new changes
 * are read from the log once, kept in a short window, and the subscribers told. A stream only reads
 * the log itself when it is further behind than the window. Nothing newer than the snapshot is
 * told, so a stream never announces a change the instance's own answers do not show yet.
 */
export class ChangeTail {
  private recent: LoggedChange[] = [];
  /** The last sequence number read into `recent` (or skipped past, when the log no longer held it). */
  private read: number;
  private target: number;
  private reading: Promise<void> | undefined;
  private readonly subscribers = new Set<() => void>();

  constructor(
    private readonly store: Store,
    private readonly service: CatalogueService,
    private readonly onTrouble: (error: unknown) => void = () => undefined,
  ) {
    this.read = service.view.sequence;
    this.target = this.read;
    service.onAdvance((sequence) => {
      this.target = Math.max(this.target, sequence);
      this.reading ??= this.catchUp().finally(() => {
        this.reading = undefined;
      });
    });
  }

  /** The history the changes count in (decisions §20), as this instance last loaded it. */
  get history(): string {
    return this.service.view.history;
  }

  /** The last change subscribers have been told of: where a stream opened "from now" starts. */
  get latest(): number {
    return this.read;
  }

  /** Calls `listener` after new changes were read; returns how to stop. */
  subscribe(listener: () => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  /** The changes after `after` up to `latest`, when the window still holds the one right after it. */
  after(after: number): readonly LoggedChange[] | undefined {
    if (after >= this.read) return [];
    const first = this.recent[0];
    if (first === undefined || first.sequence > after + 1) return undefined;
    return this.recent.slice(after + 1 - first.sequence);
  }

  private async catchUp(): Promise<void> {
    while (this.read < this.target) {
      let page;
      try {
        page = await this.store.readChanges(this.read, READ_PAGE);
      } catch (error) {
        // The database is away; the next advance tries again, and streams behind read for themselves.
        this.onTrouble(error);
        return;
      }
      const changes = page.changes?.filter((change) => change.sequence <= this.target);
      if (changes === undefined || changes.length === 0) {
        // Pruned past, or another database: the window starts again here; streams behind find out for themselves.
        this.recent = [];
        this.read = this.target;
      } else {
        this.recent.push(...changes);
        if (this.recent.length > RECENT_CHANGES) this.recent.splice(0, this.recent.length - RECENT_CHANGES);
        this.read = changes[changes.length - 1]?.sequence ?? this.read;
      }
      for (const listener of this.subscribers) listener();
    }
  }
}
