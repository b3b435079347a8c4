/**
 * The popular order of decisions §21 as the snapshot's sort reads it: the ids of the slots played in
 * the last 14 days, most popular first; every other slot follows in id order. Worked out outside the
 * domain (from the insight counts) and handed in with the question, as it moves between writes.
 */
export class PopularRanking {
  private placesById: ReadonlyMap<number, number> | undefined;

  constructor(
    /** Changes whenever `ids` does. */
    readonly generation: number,
    readonly ids: readonly number[],
  ) {}

  /** Each ranked id's first place (0 most popular); unranked ids have none. */
  get places(): ReadonlyMap<number, number> {
    if (this.placesById === undefined) {
      const places = new Map<number, number>();
      this.ids.forEach((id, place) => {
        if (!places.has(id)) places.set(id, place);
      });
      this.placesById = places;
    }
    return this.placesById;
  }

  /**
   * In a question's JSON, which keys the answer caches and names the entity tag, the generation
   * stands for the whole order: an answer is kept per order, and its tag changes with it.
   */
  toJSON(): { readonly generation: number } {
    return { generation: this.generation };
  }
}

/** No plays counted (or `INSIGHTS=off`): every slot scores 0, so the order is the id order. */
export const NO_RANKING = new PopularRanking(0, []);
