/** What the server asks an SMS provider to send: a registered template filled with parameters. */
export interface SmsMessage {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
  /** Our reference, echoed back by providers that support it. */
  outId?: string;
}

export type SmsResult = { ok: true; providerId: string } | { ok: false; error: string };

/** One small interface per external service, so tests and development run without the network. */
export interface SmsProvider {
  readonly name: 'local' | 'aliyun';
  send(message: SmsMessage): Promise<SmsResult>;
}
