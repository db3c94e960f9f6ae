/** A test's reader of `GET /v3/stream`: collects the raw text as it arrives until stopped. */
export async function readLiveStream(baseUrl: string, token: string): Promise<{ seen: string[]; text: () => string; stop: () => void }> {
  const ctl = new AbortController();
  const res = await fetch(`${baseUrl}/v3/stream`, { headers: { authorization: `Bearer ${token}` }, signal: ctl.signal });
  const seen: string[] = [];
  const reader = res.body!.getReader();
  void (async () => {
    const dec = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        seen.push(dec.decode(value));
      }
    } catch { /* aborted */ }
  })();
  return { seen, text: () => seen.join(''), stop: () => ctl.abort() };
}
