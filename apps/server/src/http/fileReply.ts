import type { Readable } from 'node:stream';

/**
 * What a handler returns to answer with a file instead of the envelope: the body streams to the client as it is
 * produced (an export too large for one JSON answer). Everything that can fail before the first byte — access,
 * validation — still answers the envelope; a failure after it ends the connection, so the download shows broken.
 */
export class FileReply {
  constructor(readonly filename: string, readonly mimetype: string, readonly body: Readable) {}
}

/** RFC 6266 with RFC 5987's UTF-8 form, so a Chinese file name survives. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
