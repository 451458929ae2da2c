/** The shape of one queued action, shared by the queue logic and its IndexedDB store. */

/** An action the service worker could not deliver yet, kept until the server gives a final answer. */
export interface QueuedAction {
  /** Auto-increment key: the insertion order, which replay keeps per member. */
  id: number;
  url: string;
  method: string;
  /** Request headers without cookies; the browser adds the session cookie on replay. */
  headers: [string, string][];
  body: string;
  /** `client_id` of the JSON body: the server applies an action once per (member, client id). */
  clientId: string;
  /** `x-member-id` of the request: never replayed under another member's session. */
  memberId: number;
  enqueuedAt: number;
  /**
   * Failed tries in a row that the backoff counts, the page's own attempt included; the first
   * server answer after network errors counts as the first again.
   */
  attempts: number;
  /** Earliest time of the next try (backoff, Retry-After). */
  nextAttemptAt: number;
  /** Status of the last failed try; null after a network error or before any try. */
  lastStatus: number | null;
}

/** An action before the store gave it an id. */
export type NewQueuedAction = Omit<QueuedAction, 'id'>;

/** Persistence of the queue and of the current session member (survives worker restarts). */
export interface QueueStore {
  add(action: NewQueuedAction): Promise<QueuedAction>;
  /** Every entry in insertion order. */
  all(): Promise<QueuedAction[]>;
  /** Writes back a retried entry, unless it was removed meanwhile (logout while in flight). */
  update(action: QueuedAction): Promise<boolean>;
  remove(id: number): Promise<void>;
  /** Member of the last session message; undefined before the first one. */
  getSession(): Promise<number | null | undefined>;
  /** Records the session member and drops everyone else's entries in one transaction. */
  setSession(memberId: number | null): Promise<QueuedAction[]>;
  close(): void;
}
