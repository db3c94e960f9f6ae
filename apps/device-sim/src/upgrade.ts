// Firmware download for the upgrade command: stream over HTTP, hash while receiving, report progress in steps.
import { createHash } from 'node:crypto';

export interface UpgradeParams {
  url: string;
  sha256: string;
  version: string;
  size?: number | undefined;
}

/** Failure codes as docs/device-protocol.md names them: `download` (unreachable, expired) and `checksum` (size or SHA-256). */
export type UpgradeOutcome = { ok: true; bytes: number; ms: number } | { ok: false; code: 'download' | 'checksum'; msg: string };

/** Downloads the package, calling onProgress with 0, step, 2·step… below 100 (the final result says 100); never throws. */
export async function downloadAndVerify(p: UpgradeParams, onProgress: (pct: number) => void, step = 20): Promise<UpgradeOutcome> {
  const hash = createHash('sha256');
  const started = performance.now();
  let bytes = 0;
  try {
    const res = await fetch(p.url, { signal: AbortSignal.timeout(120_000) });
    if (!res.ok || !res.body) return { ok: false, code: 'download', msg: `HTTP ${res.status}` };
    const total = p.size ?? (Number(res.headers.get('content-length')) || 0);
    let reported = 0;
    onProgress(0);
    for await (const chunk of res.body) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      const pct = total > 0 ? Math.min(99, Math.floor((bytes / total) * 100)) : 0;
      if (pct >= reported + step) {
        reported = pct - (pct % step);
        onProgress(reported);
      }
    }
  } catch (err) {
    return { ok: false, code: 'download', msg: err instanceof Error ? err.message : String(err) };
  }
  if (p.size !== undefined && bytes !== p.size) return { ok: false, code: 'checksum', msg: `expected ${p.size} bytes, got ${bytes}` };
  const digest = hash.digest('hex');
  if (digest !== p.sha256.toLowerCase()) return { ok: false, code: 'checksum', msg: `SHA-256 ${digest} does not match` };
  return { ok: true, bytes, ms: Math.round(performance.now() - started) };
}
