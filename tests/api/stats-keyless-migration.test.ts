/**
 * Migration 013 on a store that ran release 012: the member's once-only conversions move to bits
 * on their row, and no stats or postback key names a member any more.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  migratePostgresTo,
  migrateToLatest,
  type DatabaseHandle,
} from '../../server/db/database';
import { migrations } from '../../server/migrations/index';
import { MEMBER_CONVERSIONS } from '../../server/repositories/conversions.repository';
import { ENGINES, TEST_DATABASE_URL, withPg } from './helper';

const BEFORE = '2026-12-06-012-stats';

for (const engine of ENGINES) {
  describe(`migration 013, stats without member keys (${engine})`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'amora-m013-'));
    const schema = `m013_${randomBytes(5).toString('hex')}`;
    let handle: DatabaseHandle | undefined;
    afterAll(async () => {
      await handle?.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (engine === 'postgres') await withPg((c) => c.query(`drop schema "${schema}" cascade`));
    });

    it('marks what members did before, and empties the keys that named them', async () => {
      if (engine === 'postgres') await withPg((c) => c.query(`create schema "${schema}"`));
      handle = createDatabase(
        engine === 'postgres' ? { dataDir, databaseUrl: TEST_DATABASE_URL, schema } : { dataDir },
      );
      const { db } = handle;
      if (engine === 'postgres') await migratePostgresTo(db, BEFORE);
      else {
        const migrator = new Migrator({
          db,
          provider: { getMigrations: () => Promise.resolve(migrations) },
        });
        expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      }

      const now = Date.now();
      const member = async (email: string, status: string, lastStep: boolean) => {
        const row = await sql<{ id: number }>`insert into members
            (email, name, password_hash, status, last_signup_step, signup_date, last_active)
            values (${email}, 'M', 'x', ${status}, ${lastStep}, ${now}, ${now}) returning id`.execute(
          db,
        );
        return Number(row.rows[0]!.id);
      };
      const fresh = await member('fresh@example.org', 'not_confirmed', false);
      const done = await member('done@example.org', 'active', true);
      const other = await member('other@example.org', 'active', false);
      const conversation = await sql<{ id: number }>`insert into conversations
          (member_a, member_b, created_at, updated_at) values (${done}, ${other}, ${now}, ${now})
          returning id`.execute(db);
      await sql`insert into messages (conversation_id, sender_id, body, client_id, created_at)
          values (${conversation.rows[0]!.id}, ${done}, 'Hi', 'c-1', ${now})`.execute(db);
      await sql`insert into stats_events (event, event_key, occurred_at, day)
          values ('signup_started', ${`signup:${done}`}, ${now}, '2026-12-06'),
                 ('lander_view', null, ${now}, '2026-12-06')`.execute(db);
      await sql`insert into postback_outbox (event_key, event, network, next_attempt_at, created_at)
          values (${`signup:${done}`}, 'signup', 'adnet', ${now}, ${now})`.execute(db);

      await migrateToLatest(db);

      const bits = await db
        .selectFrom('members')
        .select(['id', 'counted_conversions'])
        .orderBy('id')
        .execute();
      const {
        activated,
        signup_completed: completed,
        first_message: messaged,
      } = MEMBER_CONVERSIONS;
      expect(bits.map((b) => [b.id, Number(b.counted_conversions)])).toEqual([
        [fresh, 0],
        [done, activated + completed + messaged],
        [other, activated],
      ]);
      const keys = await db.selectFrom('stats_events').select('event_key').execute();
      expect(keys).toEqual([{ event_key: null }, { event_key: null }]);
      const outbox = await db.selectFrom('postback_outbox').select(['id', 'event_key']).execute();
      expect(outbox).toEqual([{ id: outbox[0]!.id, event_key: `row:${outbox[0]!.id}` }]);
    });
  });
}
