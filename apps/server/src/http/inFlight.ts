/**
 * Handlers still running. A client that disconnects mid-request leaves its handler running on the server, and
 * the HTTP server may report itself closed before that handler ends; shutdown waits here so no handler meets a
 * closed database.
 */
export class InFlight {
  private running = 0;
  private waiters: (() => void)[] = [];

  async run<T>(fn: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await fn();
    } finally {
      this.running--;
      if (this.running === 0) for (const w of this.waiters.splice(0)) w();
    }
  }

  idle(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}
