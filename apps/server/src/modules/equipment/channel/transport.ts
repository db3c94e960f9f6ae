/**
 * What the device channel needs from a broker, embedded (aedes) or external (Mosquitto, EMQX): publish to a
 * device, disconnect one, and tell the channel about sessions and messages.
 */
export interface Transport {
  /** Starts listening/connecting; rejects naming the variable at fault. */
  start(): Promise<void>;
  stop(): Promise<void>;
  publish(topic: string, payload: string, qos: 0 | 1): Promise<void>;
  /** Drops the device's session, if this transport holds it; answers whether it did. */
  disconnect(serial: string): boolean;
  /** The retained `dev/<serial>/state` the broker holds (embedded; an external broker answers null). */
  retainedState(serial: string): Promise<string | null>;
  /** Where devices connect (for logs and the tests): `mqtt://host:port` of the TCP listener, if any. */
  address(): string | null;
}

/** Callbacks the transport drives. */
export interface TransportEvents {
  /** Decides a CONNECT (embedded only; an external broker asks the HTTP hooks instead). */
  authenticate(serial: string, password: string): Promise<boolean>;
  connected(serial: string): void;
  disconnected(serial: string, reason: 'disconnect' | 'timeout' | 'replaced' | 'lwt'): void;
  message(serial: string, rest: string, payload: Buffer): void;
  /** A device tried to publish or subscribe outside its topics. */
  refused(serial: string, what: 'publish' | 'subscribe', topic: string): void;
  /** A device publishes faster than DEVICE_RATE_LIMIT: its messages are dropped; `disconnected` at twice the limit. */
  throttled(serial: string, disconnected: boolean): void;
}
