import type { Envelope } from '@gx/contract';

/** A business failure: the server answered with a code other than 200. */
export class ApiError extends Error {
  readonly code: number;
  readonly field: string | undefined;
  readonly method: string | undefined;
  readonly envelope: Envelope;

  constructor(envelope: Envelope) {
    super(envelope.msg);
    this.name = 'ApiError';
    this.code = envelope.code;
    this.field = envelope.field;
    this.method = envelope.method;
    this.envelope = envelope;
  }
}

/** The request never produced an envelope: offline, proxy error, non-JSON answer or timeout. */
export class NetworkError extends Error {
  readonly timedOut: boolean;

  constructor(message: string, timedOut = false) {
    super(message);
    this.name = 'NetworkError';
    this.timedOut = timedOut;
  }
}
