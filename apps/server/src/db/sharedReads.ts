/**
 * A read shared by the callers asking for the same key while it is under way: they wait for that read instead of
 * making one each (50 connections of a busy list, or a console's first calls with one token, arrive together). Once
 * it has ended, fulfilled or not, the next caller reads again: nothing is remembered here.
 */
export function sharedReads<K, V>(): (key: K, read: () => Promise<V>) => Promise<V> {
  const running = new Map<K, Promise<V>>();
  return (key, read) => {
    const pending = running.get(key);
    if (pending) return pending;
    const started = read();
    running.set(key, started);
    const done = () => { if (running.get(key) === started) running.delete(key); };
    started.then(done, done);
    return started;
  };
}
