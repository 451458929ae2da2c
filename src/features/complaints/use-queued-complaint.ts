/** A complaint saved on this device (kv `complaint:<client id>`), read live as the worker sends it. */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '../../db/db';
import { COMPLAINT_PREFIX, type QueuedComplaint } from '../../db/kv';

/** The saved complaint; undefined while loading, null once it is gone (logged out, dismissed). */
export function useQueuedComplaint(clientId: string): QueuedComplaint | null | undefined {
  return useLiveQuery(
    async () => {
      const row = await getDb().kv.get(`${COMPLAINT_PREFIX}${clientId}`);
      return row ? (row.value as QueuedComplaint) : null;
    },
    [clientId],
    undefined,
  );
}
