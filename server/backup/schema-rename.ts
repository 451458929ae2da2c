/**
 * pg_restore has no option to restore into another schema, and pg_dump qualifies every name with
 * its schema. This rewrites the SQL pg_restore prints so a backup of schema `from` lands in `to`:
 * `from.` and `"from".` in statements become `"to".`; COPY data lines pass through untouched.
 */
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** PostgreSQL schema names this code writes and reads (as db/database.ts accepts them). */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/i;

/** A stream from pg_restore's SQL to the same SQL for schema `to`. */
export function renameSchema(from: string, to: string): Transform {
  if (!SCHEMA_NAME.test(from) || !SCHEMA_NAME.test(to)) {
    throw new Error(`Invalid schema name: ${from} or ${to}`);
  }
  // Names are letters, digits and _, so they need no escaping; the lookbehind keeps `xfrom.` out.
  const qualified = new RegExp(`(?<![\\w$."])(?:${from}|"${from}")\\.`, 'g');
  // The target schema is made (or checked empty) before the restore, so its own statements go.
  const schemaStatement = new RegExp(
    `^(?:CREATE SCHEMA|COMMENT ON SCHEMA) (?:${from}|"${from}")[ ;]`,
  );
  const target = `"${to}".`;
  const decoder = new StringDecoder('utf8');
  let inCopy = false;
  let rest = '';

  const rewrite = (line: string): string | null => {
    if (inCopy) {
      if (line === '\\.') inCopy = false;
      return line;
    }
    if (schemaStatement.test(line)) return null;
    if (/^COPY .* FROM stdin;$/.test(line)) inCopy = true;
    return line.replace(qualified, target);
  };
  const lines = (text: string): string => {
    let out = '';
    for (const line of text.split('\n')) {
      const kept = rewrite(line);
      if (kept !== null) out += `${kept}\n`;
    }
    return out;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = rest + decoder.write(chunk);
      const end = text.lastIndexOf('\n');
      rest = text.slice(end + 1);
      if (end < 0) done();
      else done(null, lines(text.slice(0, end)));
    },
    flush(done) {
      const text = rest + decoder.end();
      if (text) done(null, lines(text));
      else done();
    },
  });
}
