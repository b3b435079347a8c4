import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';

interface MirroredSlot {
  readonly id: string;
  readonly [field: string]: unknown;
}

/** A change item of the feed, the stream and (later) webhooks, as a partner's code reads it. */
export interface ChangeItem {
  readonly sequence: number;
  readonly type: 'slot.upserted' | 'slot.deleted' | 'categories.replaced' | 'catalogue.imported';
  readonly slot?: MirroredSlot;
  readonly id?: string;
  readonly categories?: Record<string, string[]>;
}

/**
 * A partner's copy of the catalogue, kept only from what the public routes give: a snapshot, then
 * the changes after it. Serialised the way the snapshot is, so the two can be compared byte for byte.
 */
export class Mirror {
  sequence = 0;
  /** The history the copy's sequence counts in (decisions §20), as the snapshot said. */
  history = '';
  private slots = new Map<string, MirroredSlot>();
  private categories: Record<string, string[]> = {};

  /** Starts again from `GET /api/catalogue` on `app`, once it holds change `atLeast` (an import just announced). */
  async load(app: FastifyInstance, host: string, atLeast = 0): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const answer = await app.inject({ url: '/api/catalogue', headers: { host } });
      assert.equal(answer.statusCode, 200, answer.body);
      const snapshot = answer.json<{ sequence: number; history: string; slots: MirroredSlot[]; categories: Record<string, string[]> }>();
      if (snapshot.sequence >= atLeast || attempt > 500) {
        this.sequence = snapshot.sequence;
        this.history = snapshot.history;
        this.slots = new Map(snapshot.slots.map((slot) => [slot.id, slot]));
        this.categories = snapshot.categories;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Applies one change; false when it says to start again from the snapshot (an import). */
  apply(change: ChangeItem): boolean {
    if (change.sequence <= this.sequence) return true;
    assert.equal(change.sequence, this.sequence + 1, 'changes arrive without gaps');
    switch (change.type) {
      case 'slot.upserted':
        assert.ok(change.slot !== undefined);
        this.slots.set(change.slot.id, change.slot);
        break;
      case 'slot.deleted':
        this.slots.delete(change.id ?? '');
        break;
      case 'categories.replaced':
        this.categories = change.categories ?? {};
        break;
      case 'catalogue.imported':
        return false;
    }
    this.sequence = change.sequence;
    return true;
  }

  /** The body `GET /api/catalogue` would answer for this copy. */
  text(): string {
    const slots = [...this.slots.values()].sort((a, b) => Number(a.id) - Number(b.id)).map((slot) => JSON.stringify(slot));
    return `{"sequence":${this.sequence},"history":${JSON.stringify(this.history)},"slots":[${slots.join(',')}],"categories":${JSON.stringify(this.categories)}}`;
  }
}
