/**
 * The page's hold on a message from Enter until the sync worker's send settles. The worker writes
 * its row a moment after the request leaves, so a reload in that moment would lose the message;
 * localStorage is written at once, in the page, and outlives the reload. One key per message, so
 * tabs never overwrite each other's.
 */
import type { UnsentMessage } from '../../bridges/worker-bridge';

export type { UnsentMessage };

const PREFIX = 'amora.unsent.';

/** A kept message older than this is dropped unread: the conversation has moved on. */
export const UNSENT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // blocked storage: the message is as safe as the worker alone makes it
  }
}

/** Keeps `message` until releaseUnsent; a full or blocked storage keeps nothing. */
export function holdUnsent(message: UnsentMessage, store = storage()): void {
  try {
    store?.setItem(PREFIX + message.clientId, JSON.stringify(message));
  } catch {
    // No room: the send goes on as before.
  }
}

/** The worker holds the message now (or it went back into the box). */
export function releaseUnsent(clientId: string, store = storage()): void {
  try {
    store?.removeItem(PREFIX + clientId);
  } catch {
    // Nothing to release.
  }
}

/** Whether `clientId` is still kept (its tab may have released it meanwhile). */
export function isKept(clientId: string, store = storage()): boolean {
  try {
    return store?.getItem(PREFIX + clientId) != null;
  } catch {
    return false;
  }
}

function isUnsent(value: unknown): value is UnsentMessage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<keyof UnsentMessage, unknown>;
  return (
    Number.isInteger(v.member) &&
    Number.isInteger(v.conversation) &&
    typeof v.text === 'string' &&
    typeof v.clientId === 'string' &&
    typeof v.at === 'number'
  );
}

function parse(raw: string | null): unknown {
  try {
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * The messages still kept, oldest first. Unreadable and expired entries are dropped on the way.
 */
export function keptUnsent(now = Date.now(), store = storage()): UnsentMessage[] {
  if (!store) return [];
  const kept: UnsentMessage[] = [];
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) {
    const value = parse(store.getItem(key));
    if (isUnsent(value) && key === PREFIX + value.clientId && now - value.at < UNSENT_MAX_AGE_MS) {
      kept.push(value);
    } else {
      store.removeItem(key);
    }
  }
  return kept.sort((a, b) => a.at - b.at);
}
