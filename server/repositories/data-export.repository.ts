/**
 * A member's data exports as jobs: started by the member, claimed by one runner, finished with the
 * ZIP's name, its link's token hash and the mail that carries the link in one transaction.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DataExport } from '../../src/shared/contract/account';
import type { Database, DataExportsTable } from '../db/schema';
import { insertOutboxMail, type OutboxMail } from './mail.repository';

/** A data_exports row as the services see it. */
export type DataExportRow = Selectable<DataExportsTable>;

/** The outcome of asking for a new export. */
export type StartOutcome =
  | { kind: 'under_way'; row: DataExportRow }
  | { kind: 'started'; row: DataExportRow }
  | { kind: 'limited'; retryAt: number };

/** What a finished job stores. */
export interface FinishedExport {
  tokenHash: string;
  filename: string;
  size: number;
  now: number;
  expiresAt: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The contract's view of a row. */
export function toDataExport(row: DataExportRow): DataExport {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    status: row.status,
    progress: Math.max(0, Math.min(100, row.progress)),
    created_at: new Date(row.created_at).toISOString(),
    expires_at: ready ? iso(row.expires_at) : null,
    size: ready ? row.size : null,
  };
}

/** Reads and moves data export jobs. */
export class DataExportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The member's newest export. */
  async newest(memberId: number): Promise<DataExportRow | undefined> {
    return this.db
      .selectFrom('data_exports')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** One export of the member; another member's reads as missing. */
  async own(memberId: number, id: number): Promise<DataExportRow | undefined> {
    return this.db
      .selectFrom('data_exports')
      .selectAll()
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  }

  /** The export a mailed link's token (its SHA-256) belongs to. */
  async byTokenHash(tokenHash: string): Promise<DataExportRow | undefined> {
    return this.db
      .selectFrom('data_exports')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Starts an export unless one is queued or running (that one comes back) or `max` were started
   * since `since`. The member's row is locked first, so two taps cannot both insert.
   */
  async start(memberId: number, now: number, since: number, max: number): Promise<StartOutcome> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('members')
        .set({ status: sql`status` })
        .where('id', '=', memberId)
        .execute();
      const mine = () => trx.selectFrom('data_exports').where('member_id', '=', memberId);
      const busy = await mine()
        .selectAll()
        .where('status', 'in', ['queued', 'running'])
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (busy) return { kind: 'under_way', row: busy };
      const recent = await mine()
        .select('created_at')
        .where('created_at', '>', since)
        .orderBy('created_at')
        .execute();
      if (recent.length >= max) {
        const oldest = recent[recent.length - max]!.created_at;
        return { kind: 'limited', retryAt: oldest + (now - since) };
      }
      const row = await trx
        .insertInto('data_exports')
        .values({ member_id: memberId, status: 'queued', progress: 0, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { kind: 'started', row };
    });
  }

  /** Who the ready mail goes to: a live member's address, name and language. */
  async recipient(
    memberId: number,
  ): Promise<{ email: string; name: string; language: string } | undefined> {
    return this.db
      .selectFrom('members')
      .select(['email', 'name', 'language'])
      .where('id', '=', memberId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Exports waiting for a runner, on every instance. */
  async queuedCount(): Promise<number> {
    const row = await this.db
      .selectFrom('data_exports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Takes the oldest queued export for this runner; undefined when none is waiting. */
  async claimNext(): Promise<DataExportRow | undefined> {
    for (;;) {
      const next = await this.db
        .selectFrom('data_exports')
        .select('id')
        .where('status', '=', 'queued')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!next) return undefined;
      // Another runner may take it between the read and this update: then try the next one.
      const claimed = await this.db
        .updateTable('data_exports')
        .set({ status: 'running', progress: 0 })
        .where('id', '=', next.id)
        .where('status', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
      if (claimed) return claimed;
    }
  }

  /** Records progress of a running export; false when it is no longer running here. */
  async progress(id: number, progress: number): Promise<boolean> {
    const result = await this.db
      .updateTable('data_exports')
      .set({ progress })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Marks the running export ready and queues its mail in the same transaction; answers the
   * mail's id, or undefined when the export stopped running meanwhile (nothing is written then).
   */
  async finish(id: number, done: FinishedExport, mail: OutboxMail): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('data_exports')
        .set({
          status: 'ready',
          progress: 100,
          token_hash: done.tokenHash,
          filename: done.filename,
          size: done.size,
          finished_at: done.now,
          expires_at: done.expiresAt,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      const mailId = await insertOutboxMail(trx, mail, done.now);
      return mailId;
    });
  }

  /** Marks a running export failed with a short reason. */
  async fail(id: number, error: string, now: number): Promise<void> {
    await this.db
      .updateTable('data_exports')
      .set({ status: 'failed', error: error.slice(0, 200), finished_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** Puts a running export back in the queue (this runner stops; another may take it). */
  async release(id: number): Promise<void> {
    await this.db
      .updateTable('data_exports')
      .set({ status: 'queued', progress: 0 })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** Exports left running by a process that died are queued again; answers how many. */
  async requeueRunning(): Promise<number> {
    const result = await this.db
      .updateTable('data_exports')
      .set({ status: 'queued', progress: 0 })
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Ready exports past their expiry become `expired`; answers the ZIP names to delete. */
  async expireDue(now: number): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('data_exports')
        .select(['id', 'filename'])
        .where('status', '=', 'ready')
        .where('expires_at', '<=', now)
        .execute();
      if (due.length === 0) return [];
      await trx
        .updateTable('data_exports')
        .set({ status: 'expired', filename: null })
        .where(
          'id',
          'in',
          due.map((d) => d.id),
        )
        .where('status', '=', 'ready')
        .execute();
      return due.flatMap((d) => (d.filename ? [d.filename] : []));
    });
  }
}
