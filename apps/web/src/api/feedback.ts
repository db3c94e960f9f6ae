/**
 * The one place toasts are shown from outside React (SPEC §8). Only one message at a time: every toast uses the same
 * key, so a new one replaces the previous.
 *
 * antd's message (and the antd core under it) is not part of the login page's first load: the first toast asks the
 * root to mount `<MessageHost>`, a lazily loaded chunk that registers a themed message API here and shows what
 * was asked for meanwhile.
 */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';

interface Toast {
  kind: ToastKind;
  content: string;
  onClose?: () => void;
  /** A repeat of the message just closed; it gets a key of its own (see toastTwice). */
  repeat?: boolean;
}

export interface MessageApi {
  open: (args: { key: string; type: ToastKind; content: string; duration: number; onClose?: () => void }) => unknown;
}

const MESSAGE_KEY = 'gx-message';
const REPEAT_KEY = 'gx-message-repeat';
const noop = () => undefined;
let api: MessageApi | undefined;
/** A new toast replaces the previous one anyway, so only the latest waits for the host. */
let pending: Toast | undefined;
let hostWanted = false;
const listeners = new Set<() => void>();

function show(t: Toast): void {
  if (!api) {
    pending = t;
    requestMessageHost();
    return;
  }
  // Always name onClose: a toast replacing one with the same key must not inherit the previous one's callback.
  void api.open({ key: t.repeat ? REPEAT_KEY : MESSAGE_KEY, type: t.kind, content: t.content, duration: 3, onClose: t.onClose ?? noop });
}

export function toast(kind: ToastKind, content: string, onClose?: () => void): void {
  show(onClose ? { kind, content, onClose } : { kind, content });
}

/** SPEC §8 code 1038: the message is shown, and once more after it closes, because the user must act on it. */
export function toastTwice(kind: ToastKind, content: string): void {
  // Re-opening the closing notice's own key would revive it without a timer; the repeat is a notice of its own, and
  // the host's one-message limit still keeps a single message on screen.
  toast(kind, content, () => show({ kind, content, repeat: true }));
}

/** Called by `<MessageHost>` once mounted (and with undefined when it unmounts). */
export function registerMessageApi(next: MessageApi | undefined): void {
  api = next;
  if (api && pending) {
    const t = pending;
    pending = undefined;
    show(t);
  }
}

/** Ask the root to mount the message host, e.g. when the layout opens and toasts become likely. */
export function requestMessageHost(): void {
  if (hostWanted) return;
  hostWanted = true;
  for (const l of listeners) l();
}

export const messageHostStore = {
  wanted: (): boolean => hostWanted,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
