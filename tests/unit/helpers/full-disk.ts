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

/**
 * Runs `test` with every write to `table` of an open database refused, retries included (the
 * screens' shared database), and gives the database back whole afterwards.
 */
export async function withFullDisk(
  db: AmoraDb,
  table: string,
  test: (refused: { refused: number }) => Promise<void>,
): Promise<void> {
  db.close({ disableAutoOpen: false }); // a middleware only applies from the next open
  const refused = refuseWrites(db, table, Number.MAX_SAFE_INTEGER);
  await db.open();
  try {
    await test(refused);
  } finally {
    refused.left = 0;
    db.close({ disableAutoOpen: false });
    db.unuse({ stack: 'dbcore', name: 'full-disk' });
    await db.open();
  }
}
