/**
 * A process that migrates one store, for the test that starts two at once as two server instances
 * would: `node --import tsx migrate-process.ts <dataDir> [<databaseUrl> <schema>]`. It opens the
 * database, prints `ready`, waits for a line on stdin (so both start migrating at the same moment),
 * migrates and prints one JSON line `{results: [{name, status}], startedAt, endedAt}` or
 * `{error}` (then exits 1).
 */
import { once } from 'node:events';
import { createDatabase, migrateToLatest } from '../../../server/db/database';

const [dataDir = '', databaseUrl, schema] = process.argv.slice(2);
const handle = createDatabase({ dataDir, databaseUrl, schema });
console.log('ready');
await once(process.stdin, 'data');
const startedAt = Date.now();
try {
  const { results = [] } = await migrateToLatest(handle.db);
  const done = results.map(({ migrationName, status }) => ({ name: migrationName, status }));
  console.log(JSON.stringify({ results: done, startedAt, endedAt: Date.now() }));
} catch (err) {
  console.log(JSON.stringify({ error: String(err) }));
  process.exitCode = 1;
} finally {
  await handle.close();
  process.stdin.destroy();
}
