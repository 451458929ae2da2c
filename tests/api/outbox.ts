/** Reads what the app queued in `mail_outbox` and the single-use tokens its links carry. */
import type { FastifyInstance } from 'fastify';

/** One queued mail as the tests look at it. */
export interface OutboxRow {
  member_id: number | null;
  to_email: string;
  kind: string;
  subject: string;
  text: string;
  status: string;
}

/** Mails of `kind` to `to`, oldest first. */
export async function mailsTo(
  app: FastifyInstance,
  to: string,
  kind: string,
): Promise<OutboxRow[]> {
  return app.db
    .selectFrom('mail_outbox')
    .select(['member_id', 'to_email', 'kind', 'subject', 'text', 'status'])
    .where('to_email', '=', to)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}

/** The newest mail of `kind` to `to`; fails the test when there is none. */
export async function lastMailTo(app: FastifyInstance, to: string, kind: string) {
  const rows = await mailsTo(app, to, kind);
  const last = rows.at(-1);
  if (!last) throw new Error(`no ${kind} mail to ${to}`);
  return last;
}

/** The origin and token of the link to `path` (e.g. /reset-password/do) in a mail text. */
export function linkIn(text: string, path: string): { origin: string; token: string } {
  const escaped = path.replace(/[.?]/g, '\\$&');
  const match = new RegExp(`(https?://[^/\\s]+)${escaped}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return { origin: match[1]!, token: decodeURIComponent(match[2]!) };
}
