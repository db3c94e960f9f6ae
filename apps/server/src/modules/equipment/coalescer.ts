/**
 * Gathers the requests made within one turn of the event loop and serves them with one batch call (one query for a
 * thousand CONNECTs instead of a thousand), answering each caller with its own result.
 */
export class Coalescer<K, V> {
  private waiting = new Map<K, { resolve: (v: V) => void; reject: (e: unknown) => void }[]>();
  private scheduled = false;

  /** `run` answers the keys it was given; a key it leaves out gets `missing`. */
  constructor(private readonly run: (keys: K[]) => Promise<Map<K, V>>, private readonly missing: V) {}

  get(key: K): Promise<V> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.drain());
      }
    });
  }

  private drain(): void {
    this.scheduled = false;
    const batch = this.waiting;
    this.waiting = new Map();
    this.run([...batch.keys()]).then(
      (answers) => {
        for (const [key, list] of batch) for (const w of list) w.resolve(answers.has(key) ? (answers.get(key) as V) : this.missing);
      },
      (err: unknown) => {
        for (const list of batch.values()) for (const w of list) w.reject(err);
      },
    );
  }
}
