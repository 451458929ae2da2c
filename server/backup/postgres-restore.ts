/**
 * PostgreSQL out of a backup: pg_restore prints the archive as SQL, renamed to the target schema
 * (schema-rename.ts), and psql runs it in one transaction into an empty schema.
 */
import { pipeline } from 'node:stream/promises';
import type { DatabaseHandle } from '../db/database';
import { BackupRepository } from '../repositories/backup.repository';
import { BackupRefusal } from './manifest';
import { toolConnection } from './postgres-backup';
import { startTool } from './run-tool';
import { renameSchema, SCHEMA_NAME } from './schema-rename';

/** Refuses a target schema that holds anything: a restore never mixes two sites. */
export async function checkEmptySchema(handle: DatabaseHandle, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new BackupRefusal(`Invalid PostgreSQL schema: ${schema}`);
  const relations = await new BackupRepository(handle.db).relationsIn(schema);
  if (relations > 0) {
    throw new BackupRefusal(
      `The PostgreSQL schema "${schema}" is not empty (${relations} tables, sequences or ` +
        'indexes): restore into an empty database or schema.',
    );
  }
}

/** Restores pg_dump's archive `dump` of schema `from` into the empty schema `to`. */
export async function restorePostgres(
  handle: DatabaseHandle,
  databaseUrl: string,
  dump: string,
  from: string,
  to: string,
): Promise<void> {
  await new BackupRepository(handle.db).ensureSchema(to);
  const connection = toolConnection(databaseUrl);
  const restore = startTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--file=-', dump],
    connection.env,
    ['ignore', 'pipe', 'pipe'],
  );
  const psql = startTool(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '--file=-', connection.url],
    connection.env,
    ['pipe', 'ignore', 'pipe'],
  );
  const { stdout } = restore.child;
  const { stdin } = psql.child;
  if (!stdout || !stdin) throw new Error('pg_restore or psql started without pipes');
  const piped = pipeline(stdout, renameSchema(from, to), stdin);
  const [restored, ran, flowed] = await Promise.allSettled([restore.done, psql.done, piped]);
  // psql's error says what went wrong; a broken pipe is only its consequence.
  for (const outcome of [ran, restored, flowed]) {
    if (outcome.status === 'rejected') throw outcome.reason;
  }
  // Searches must not plan full scans until autovacuum gets round to the new tables.
  await new BackupRepository(handle.db).analyze(to);
}
