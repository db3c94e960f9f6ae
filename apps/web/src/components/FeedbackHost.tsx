import { lazy, Suspense, useSyncExternalStore } from 'react';
import { messageHostStore } from '../api/feedback';

const MessageHost = lazy(() => import('./MessageHost'));

/** Mounts the message host once a toast (or the layout) asks for it. */
export function FeedbackHost() {
  const wanted = useSyncExternalStore(messageHostStore.subscribe, messageHostStore.wanted);
  return wanted ? (
    <Suspense fallback={null}>
      <MessageHost />
    </Suspense>
  ) : null;
}
