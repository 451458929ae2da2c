/**
 * Produces data exports in the background of the server process: claims queued exports one at a
 * time (a conditional update, so several instances never run the same one), writes the ZIP to a
 * local file under `<data>/exports` with progress in the row, moves it into the file storage
 * (exports/<name>), then marks it ready and queues the mail with the link in one transaction.
 * Expired ZIPs are deleted as it goes.
 */
import { randomBytes } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DATA_EXPORT_TTL_MS } from '../../src/shared/contract/account';
import { randomToken, sha256Hex } from '../lib/tokens';
import { WakeableLoop } from '../lib/wakeable-loop';
import type { DataExportRow } from '../repositories/data-export.repository';
import { objectKey } from '../storage/object-store';
import { DATA_EXPORT_MAIL, DATA_EXPORT_TEXTS } from './data-export-mail-texts';
import { ExportStopped, writeExportZip } from './data-export-zip';
import { fill } from './mailer';
import { languageOf } from './transaction-view';

/** How often the runner looks for work another instance queued (a start here wakes it at once). */
export const DATA_EXPORT_POLL_MS = 5_000;

/** The path of the mailed download link. */
export const EXPORT_DOWNLOAD_PATH = '/api/export_download.php';

const ZIP = { contentType: 'application/zip' };

/** Runs data export jobs for one app. */
export class DataExportRunner {
  /** Local folder where ZIPs are written before they go into the store (which, on disk, is here). */
  readonly dir: string;
  private readonly loop: WakeableLoop;

  constructor(
    private readonly app: FastifyInstance,
    pollMs = DATA_EXPORT_POLL_MS,
  ) {
    this.dir = join(app.config.dataDir, 'exports');
    this.loop = new WakeableLoop(
      () => this.tick(),
      pollMs,
      (err: unknown) => this.app.log.error({ err }, 'data export: runner failed'),
    );
  }

  private get stopped(): boolean {
    return this.loop.stopped;
  }

  /** Re-queues what a crash left running, then works until stopped. */
  async start(): Promise<void> {
    const requeued = await this.app.repos.dataExports.requeueRunning();
    if (requeued > 0) this.app.log.info({ requeued }, 'data export: re-queued unfinished exports');
    this.loop.start();
  }

  /** Looks for work now (an export was just started, or the timer fired). */
  wake(): void {
    this.loop.wake();
  }

  /** Resolves once no work is in progress (tests, shutdown). */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  /** Stops taking work; a job in progress goes back to the queue. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async tick(): Promise<void> {
    await this.expire();
    while (!this.stopped) {
      const job = await this.app.repos.dataExports.claimNext();
      if (!job) break;
      await this.run(job);
    }
  }

  private async expire(): Promise<void> {
    const files = await this.app.repos.dataExports.expireDue(Date.now());
    // The rows no longer name them; a ZIP the storage keeps for now is only unused bytes.
    await Promise.all(files.map((f) => this.removeZip(f)));
  }

  private async removeZip(filename: string): Promise<void> {
    await this.app.storage.delete(objectKey('exports', filename)).catch((err: unknown) => {
      this.app.log.error({ err, file: filename }, 'data export: ZIP not removed');
    });
  }

  private async run(job: DataExportRow): Promise<void> {
    const repo = this.app.repos.dataExports;
    const filename = `x-${randomBytes(16).toString('hex')}.zip`;
    const partial = join(this.dir, `${filename}.partial`);
    let stored = false;
    try {
      await writeExportZip(this.app, job.member_id, partial, async (percent) =>
        this.stopped ? false : repo.progress(job.id, percent),
      );
      const { size } = await stat(partial);
      // The object first, then the row that names it.
      await this.app.storage.putFile(objectKey('exports', filename), partial, ZIP);
      stored = true;
      const mailId = await this.finish(job, filename, size);
      if (mailId === undefined) await this.removeZip(filename);
    } catch (err) {
      await rm(partial, { force: true });
      if (stored) await this.removeZip(filename);
      if (err instanceof ExportStopped) {
        // Stopped by shutdown: another start (or instance) takes it; otherwise it was deleted.
        if (this.stopped) await repo.release(job.id);
        return;
      }
      this.app.log.error({ err, export: job.id }, 'data export: failed');
      await repo.fail(job.id, 'The export could not be produced', Date.now());
    }
  }

  /** Marks the export ready with its mail; undefined when it is gone or no longer ours. */
  private async finish(
    job: DataExportRow,
    filename: string,
    size: number,
  ): Promise<number | undefined> {
    const member = await this.app.repos.dataExports.recipient(job.member_id);
    if (!member) return undefined;
    const token = randomToken();
    const now = Date.now();
    const expiresAt = now + DATA_EXPORT_TTL_MS;
    const link = `${this.app.siteOrigin()}${EXPORT_DOWNLOAD_PATH}?token=${token}`;
    const language = languageOf(member.language);
    const texts = DATA_EXPORT_TEXTS[language];
    const expires = new Intl.DateTimeFormat(language, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(expiresAt));
    const values = { name: member.name, site: this.app.site.config.name, link, expires };
    const mail = {
      memberId: job.member_id,
      to: member.email,
      kind: DATA_EXPORT_MAIL,
      subject: fill(texts.subject, values),
      text: fill(texts.body, values),
      html: null,
    };
    const mailId = await this.app.repos.dataExports.finish(
      job.id,
      { tokenHash: sha256Hex(token), filename, size, now, expiresAt },
      mail,
    );
    if (mailId !== undefined) this.app.mail.dispatch(mailId, mail, link);
    return mailId;
  }
}
