/** A FIFO mutex for async work: the SQLite writer's transactions take turns through it. */
export class AsyncMutex {
  private tail: Promise<void> = Promise.resolve();
  private holders = 0;

  get locked(): boolean {
    return this.holders > 0;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    this.holders++;
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    try {
      await previous;
      return await fn();
    } finally {
      this.holders--;
      release();
    }
  }
}
