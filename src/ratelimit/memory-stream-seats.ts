import { MAX_STREAMS_PER_CLIENT, type StreamSeat, type StreamSeats } from './stream-seats.js';

/** The seats of this process only: an exact count per client, with nothing to renew or lose. */
export class MemoryStreamSeats implements StreamSeats {
  private readonly held = new Map<string, number>();

  constructor(private readonly limit: number = MAX_STREAMS_PER_CLIENT) {}

  take(client: string): Promise<StreamSeat | undefined> {
    return Promise.resolve(this.takeNow(client));
  }

  /** `take` answered on the spot. */
  takeNow(client: string): StreamSeat | undefined {
    return (this.held.get(client) ?? 0) >= this.limit ? undefined : this.hold(client);
  }

  /** Counts a seat granted elsewhere (by a shared store) whatever this count says, so it is right should that store go. */
  hold(client: string): StreamSeat {
    this.held.set(client, (this.held.get(client) ?? 0) + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.held.get(client) ?? 1) - 1;
        if (left > 0) this.held.set(client, left);
        else this.held.delete(client);
      },
    };
  }

  renew(): void {}

  async close(): Promise<void> {}
}
