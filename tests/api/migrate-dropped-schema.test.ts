/**
 * Migrating while another schema of the same database is dropped: Kysely's migrator reads every
 * schema's tables, so the drop can fail that read; the migration is tried again, not given up.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, otherSchemaDropped } from '../../server/db/database';
import { ENGINES, TEST_DATABASE_URL, withPg } from './helper';

const dropped = (schema: string) =>
  Object.assign(new Error(`schema "${schema}" does not exist`), { code: '3F000' });

describe('a schema dropped while migrating', () => {
  it('is read again only when it is another schema that went', () => {
    expect(otherSchemaDropped(dropped('test_other'), 'test_mine')).toBe(true);
    expect(otherSchemaDropped(dropped('test_mine'), 'test_mine')).toBe(false);
    expect(otherSchemaDropped(dropped('test_other'), undefined)).toBe(false);
    expect(otherSchemaDropped(new Error('syntax error'), 'test_mine')).toBe(false);
    expect(otherSchemaDropped(null, 'test_mine')).toBe(false);
  });

  it.runIf(ENGINES.includes('postgres'))(
    'migrates fresh schemas while others are created and dropped beside them',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'amora-migrate-'));
      let churning = true;
      // Schemas with a table each, dropped soon after they are made, as other test files do.
      const churn = withPg(async (c) => {
        while (churning) {
          const other = `test_churn_${randomBytes(4).toString('hex')}`;
          await c.query(`create schema "${other}"`);
          await c.query(`create table "${other}".t (id serial primary key, note text)`);
          await c.query(`drop schema "${other}" cascade`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      });
      try {
        for (let i = 0; i < 8; i += 1) {
          const schema = `test_${randomBytes(6).toString('hex')}`;
          await withPg((c) => c.query(`create schema "${schema}"`));
          const handle = createDatabase({ databaseUrl: TEST_DATABASE_URL, dataDir: dir, schema });
          try {
            const result = await migrateToLatest(handle.db);
            expect(result.error).toBeUndefined();
          } finally {
            await handle.close();
            await withPg((c) => c.query(`drop schema "${schema}" cascade`));
          }
        }
      } finally {
        churning = false;
        await churn;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
