/**
 * PostgreSQL in a backup: Debian's pg_dump (custom format) of the site's schema, sharing a
 * snapshot the manifest's counts were read in, while the site keeps writing.
 */
import type { DatabaseHandle } from '../db/database';
import { BackupRepository, type DatabaseFacts } from '../repositories/backup.repository';
import { syncFile } from './files-backup';
import { runTool } from './run-tool';
import { SCHEMA_NAME } from './schema-rename';

/** pg_dump's archive in a backup's `database/`. */
export const PG_DUMP_FILE = 'postgres.dump';

/** What a dump holds: the facts of its snapshot and the schema it was taken of. */
export interface PostgresFacts extends DatabaseFacts {
  schema: string;
}

/** How the tools reach the database: the URL without its password, which goes in PGPASSWORD. */
export interface ToolConnection {
  url: string;
  env: NodeJS.ProcessEnv;
}

/** Keeps the password out of the tools' command lines, where `ps` would show it. */
export function toolConnection(databaseUrl: string): ToolConnection {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  // libpq reads `+` as itself, not as a space as URLSearchParams writes it (options=-c+search_path…).
  url.search = [...url.searchParams]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** The schema first on a DATABASE_URL's `options=-c search_path=…` (tests/api/helper.ts inSchema). */
export function urlSchema(databaseUrl: string): string | undefined {
  const options = new URL(databaseUrl).searchParams.get('options') ?? '';
  const path = /(?:^|\s)(?:-c\s*|--)search_path=([^\s]+)/.exec(options)?.[1];
  const first = path?.split(',')[0]?.replace(/^"|"$/g, '');
  return first || undefined;
}

/** Dumps the schema the site uses into `file`, in the same snapshot as the facts it answers. */
export async function dumpPostgres(
  handle: DatabaseHandle,
  databaseUrl: string,
  file: string,
): Promise<PostgresFacts> {
  const connection = toolConnection(databaseUrl);
  const facts = await new BackupRepository(handle.db).inPostgresSnapshot(async (snapshot) => {
    if (!SCHEMA_NAME.test(snapshot.schema)) {
      throw new Error(`Unsupported PostgreSQL schema name: ${snapshot.schema}`);
    }
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        // Quoted: an exact name, not a pattern folded to lower case.
        `--schema="${snapshot.schema}"`,
        `--snapshot=${snapshot.id}`,
        `--file=${file}`,
        `--dbname=${connection.url}`,
      ],
      connection.env,
    );
    return { schema: snapshot.schema, schemaVersion: snapshot.schemaVersion, rows: snapshot.rows };
  });
  await syncFile(file);
  return facts;
}
