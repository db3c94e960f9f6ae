import { STREAM_PATH, type StreamMessage } from '@gx/contract';

/**
 * A console's live stream (`GET /v3/stream`) read as the browser reads it: the messages so far (or each handed to
 * `onMessage` and not kept, for long streams), and a way to stop.
 */
export interface OpenStream {
  messages: StreamMessage[];
  /** Whether the server ended the stream (its instance went away, or the session did). */
  ended(): boolean;
  stop(): void;
}

export async function openStream(base: string, token: string, onMessage?: (m: StreamMessage) => void): Promise<OpenStream> {
  const ctl = new AbortController();
  const res = await fetch(`${base}${STREAM_PATH}`, { headers: { authorization: `Bearer ${token}` }, signal: ctl.signal });
  if (res.status !== 200 || !res.body) throw new Error(`stream refused: ${res.status}`);
  const messages: StreamMessage[] = [];
  const take = onMessage ?? ((m: StreamMessage) => void messages.push(m));
  let ended = false;
  const reader = res.body.getReader();
  void (async () => {
    const dec = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const chunk = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          for (const line of chunk.split('\n')) if (line.startsWith('data: ')) take(JSON.parse(line.slice(6)) as StreamMessage);
        }
      }
    } catch { /* aborted, or the instance went away */ }
    ended = true;
  })();
  return { messages, ended: () => ended, stop: () => ctl.abort() };
}
