/**
 * Writes one member's data export as a ZIP: a JSON file per part and the original photo files
 * (read from the file storage), streamed to a local file one entry at a time (fflate), so memory
 * holds at most one photo.
 */
import { createWriteStream } from 'node:fs';
import { extname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { objectKey, readObject } from '../storage/object-store';

/** Told the share done (0–99); resolves false when the export should stop. */
export type ExportProgress = (percent: number) => Promise<boolean>;

/** Thrown when the runner asked the job to stop: the export goes back to the queue. */
export class ExportStopped extends Error {
  constructor() {
    super('data export stopped');
    this.name = 'ExportStopped';
  }
}

/** The JSON parts, each a file in the ZIP, in the order they are written. */
const PARTS = [
  'profile.json',
  'likes-given.json',
  'likes-received.json',
  'messages.json',
  'payments.json',
  'ledger.json',
  'logins.json',
  'complaints.json',
] as const;
type Part = (typeof PARTS)[number];

/** The JSON parts take the first 40 %, the photos the rest up to 99 %. */
const JSON_SHARE = 40;

/** Reads one part of the member's data. */
async function readPart(app: FastifyInstance, memberId: number, part: Part): Promise<unknown> {
  const content = app.repos.dataExportContent;
  const history = app.repos.dataExportHistory;
  switch (part) {
    case 'profile.json': {
      const profile = await content.profile(memberId);
      if (!profile) throw new Error('member not found or deleted');
      const photos = (await history.photos(memberId)).map(({ filename, ...photo }) => ({
        ...photo,
        file: `photos/${photo.id}${extname(filename) || '.jpg'}`,
      }));
      return { ...profile, photos };
    }
    case 'likes-given.json':
      return content.likesGiven(memberId);
    case 'likes-received.json': {
      // Likers the member may not see by name on the site stay unnamed here too (premium rule).
      const now = Date.now();
      const likes = await content.likesReceived(memberId);
      return Promise.all(
        likes.map(async (like) =>
          (await app.repos.likes.isNamedTo(memberId, like.member.id, now))
            ? like
            : { member: null, liked_at: like.liked_at },
        ),
      );
    }
    case 'messages.json':
      return content.conversations(memberId);
    case 'payments.json':
      return history.transactions(memberId);
    case 'ledger.json':
      return history.ledger(memberId);
    case 'logins.json':
      return history.logins(memberId);
    case 'complaints.json':
      return history.complaints(memberId);
  }
}

/** A ZIP written to `path` entry by entry; `done()` resolves once the file is complete. */
function zipFile(path: string) {
  const out = createWriteStream(path);
  let failure: Error | null = null;
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failure = err;
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  return {
    add(name: string, data: Uint8Array, compress: boolean) {
      if (failure) throw failure;
      const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
      zip.add(entry);
      entry.push(data, true);
    },
    async done() {
      zip.end();
      await finished;
      if (failure) throw failure;
    },
    abort() {
      out.destroy();
    },
  };
}

/** Writes the member's export to `path`; answers nothing, throws ExportStopped when told to stop. */
export async function writeExportZip(
  app: FastifyInstance,
  memberId: number,
  path: string,
  progress: ExportProgress,
): Promise<void> {
  const zip = zipFile(path);
  try {
    for (const [i, part] of PARTS.entries()) {
      const data = await readPart(app, memberId, part);
      zip.add(part, strToU8(`${JSON.stringify(data, null, 2)}\n`), true);
      if (!(await progress(Math.round(((i + 1) / PARTS.length) * JSON_SHARE)))) {
        throw new ExportStopped();
      }
    }
    const photos = await app.repos.dataExportHistory.photos(memberId);
    for (const [i, photo] of photos.entries()) {
      // A missing file is skipped; a storage outage fails the export rather than leave photos out.
      const bytes = await readObject(app.storage, objectKey('uploads', photo.filename));
      if (!bytes) app.log.warn({ image: photo.id }, 'data export: photo file missing');
      // Already JPEG-compressed: stored as is.
      if (bytes) zip.add(`photos/${photo.id}${extname(photo.filename) || '.jpg'}`, bytes, false);
      const share = JSON_SHARE + ((i + 1) / photos.length) * (99 - JSON_SHARE);
      if (!(await progress(Math.round(share)))) throw new ExportStopped();
    }
    await zip.done();
  } catch (err) {
    zip.abort();
    throw err;
  }
}
