/** A browser disk that is full for chosen writes, as a Dexie middleware on a test database. */
import type { DBCore, DBCoreMutateRequest } from 'dexie';
import type { AmoraDb } from '../../../src/db/db';

/** Once armed, the next `left` writes to `table` fail the way a browser with a full disk does. */
export function refuseWrites(db: AmoraDb, table: string, times = 0) {
  const state = { left: times, refused: 0 };
  db.use({
    stack: 'dbcore',
    name: 'full-disk',
    create: (down: DBCore): DBCore => ({
      ...down,
      table: (name) => {
        const inner = down.table(name);
        return {
          ...inner,
          mutate: (request: DBCoreMutateRequest) => {
            if (name !== table || request.type !== 'put' || state.left <= 0) {
              return inner.mutate(request);
            }
            state.left--;
            state.refused++;
            return Promise.reject(
              new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
            );
          },
        };
      },
    }),
  });
  return state;
}
