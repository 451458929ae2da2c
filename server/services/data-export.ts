/**
 * A member's copy of their data: starting an export (one at a time, a few a day), reading where
 * it stands, and handing out the ready ZIP by session or by the mailed link until it expires.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { DataExport } from '../../src/shared/contract/account';
import { HttpError } from '../lib/http-error';
import { sha256Hex } from '../lib/tokens';
import { toDataExport, type DataExportRow } from '../repositories/data-export.repository';
import { objectKey } from '../storage/object-store';

/** Exports a member may start within DATA_EXPORT_WINDOW_MS. */
export const DATA_EXPORTS_PER_DAY = 3;
/** The window of that limit. */
export const DATA_EXPORT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A ZIP ready to stream, with the name the browser saves it under. */
export interface ExportDownload {
  stream: Readable;
  size: number;
  attachmentName: string;
}

/** Thrown when the member started too many exports; `retryAfterS` goes to Retry-After. */
export class ExportLimitError extends HttpError {
  constructor(readonly retryAfterS: number) {
    super(
      429,
      `At most ${DATA_EXPORTS_PER_DAY} copies of your data a day; try again later`,
      'data_export.errors.too_many',
    );
  }
}

/** Starts an export unless one is under way (that one comes back); 429 over the daily limit. */
export async function startExport(app: FastifyInstance, memberId: number): Promise<DataExport> {
  const now = Date.now();
  const outcome = await app.repos.dataExports.start(
    memberId,
    now,
    now - DATA_EXPORT_WINDOW_MS,
    DATA_EXPORTS_PER_DAY,
  );
  if (outcome.kind === 'limited') {
    throw new ExportLimitError(Math.max(1, Math.ceil((outcome.retryAt - now) / 1000)));
  }
  if (outcome.kind === 'started') app.dataExports.wake();
  return toDataExport(outcome.row);
}

/** The member's newest export, or null. */
export async function newestExport(app: FastifyInstance, memberId: number) {
  const row = await app.repos.dataExports.newest(memberId);
  return row ? toDataExport(row) : null;
}

/** The ZIP of a ready, unexpired export; 410 once expired, 409 while it is still being made. */
async function openZip(app: FastifyInstance, row: DataExportRow): Promise<ExportDownload> {
  const expired =
    row.status === 'expired' || (row.expires_at !== null && row.expires_at <= Date.now());
  if (expired) {
    throw new HttpError(
      410,
      'This copy of your data has expired; ask for a new one on your profile page',
      'data_export.errors.expired',
    );
  }
  if (row.status !== 'ready' || !row.filename) {
    throw new HttpError(409, 'This copy of your data is not ready', 'data_export.errors.not_ready');
  }
  // A storage outage is a 503 (StorageUnavailableError); only a missing ZIP reads as gone.
  const zip = await app.storage.get(objectKey('exports', row.filename));
  if (!zip) {
    app.log.error({ export: row.id }, 'data export: ZIP file missing');
    throw new HttpError(410, 'This copy of your data is gone', 'data_export.errors.expired');
  }
  const date = new Date(row.created_at).toISOString().slice(0, 10);
  return {
    stream: zip.body,
    size: row.size ?? zip.size,
    attachmentName: `amora-data-${date}.zip`,
  };
}

/** The member's own export by id; anyone else's reads as unknown. */
export async function downloadOwn(
  app: FastifyInstance,
  memberId: number,
  id: number,
): Promise<ExportDownload> {
  const row = await app.repos.dataExports.own(memberId, id);
  if (!row) throw new HttpError(404, 'No such copy of your data', 'data_export.errors.unknown');
  return openZip(app, row);
}

/** The export of a mailed link; a token that matches nothing is 404, an expired one 410. */
export async function downloadByToken(
  app: FastifyInstance,
  token: string,
): Promise<ExportDownload> {
  const row = await app.repos.dataExports.byTokenHash(sha256Hex(token));
  if (!row) {
    throw new HttpError(404, 'This download link is not valid', 'data_export.errors.unknown_link');
  }
  return openZip(app, row);
}
