import type { User } from '@marketplace/contracts';

/**
 * The tabs of one browser share one session cookie, so what one tab does to the session is true for
 * all of them: a logout here has ended the session the other tabs were showing. This tells them at
 * once, rather than when their next request answers 401.
 */
export type SessionEvent = { type: 'signed-out' } | { type: 'signed-in'; user: User };

const CHANNEL = 'marketplace-session';

/** Tells this browser's other tabs (never this one). A browser without BroadcastChannel is not told. */
export function announceSession(event: SessionEvent): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(event);
  channel.close();
}

/** Calls `listener` with what the other tabs announce; returns the way to stop. */
export function onSessionElsewhere(listener: (event: SessionEvent) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = ({ data }: MessageEvent<unknown>) => {
    if (isSessionEvent(data)) listener(data);
  };
  return () => channel.close();
}

function isSessionEvent(data: unknown): data is SessionEvent {
  if (typeof data !== 'object' || data === null) return false;
  const { type, user } = data as { type?: unknown; user?: { id?: unknown } };
  return type === 'signed-out' || (type === 'signed-in' && typeof user?.id === 'number');
}
