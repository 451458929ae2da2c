/**
 * Uploaded photos (DESIGN §5): the type is decided by magic bytes only, the pixel count is checked
 * from the header before anything is decoded, and what is stored is a fresh JPEG re-encoded by sharp
 * (EXIF orientation applied, then every metadata block dropped) under a server-made name.
 */
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import { HttpError } from '../lib/http-error';
import { objectKey, type ObjectStore } from '../storage/object-store';

/** Largest upload in bytes; multipart stops reading after this. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Largest image in pixels (width × height): a small compressed file may still decode to gigabytes. */
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** Long side of the stored photo. */
export const MAX_IMAGE_SIDE = 1600;
/** Side of the square thumbnail. */
export const THUMB_SIDE = 300;
/** JPEG quality of both files: visually clean at a fraction of the upload's size. */
const JPEG_QUALITY = 82;
/** Magic-byte types accepted; the file name and the declared content type are never trusted. */
const ACCEPTED = new Set(['image/png', 'image/jpeg']);

/** What the stored pair looks like, for the `images` row. */
export interface StoredImage {
  filename: string;
  thumbFilename: string;
  width: number;
  height: number;
}

/** Refuses anything that is not a PNG or JPEG by its content, or that has too many pixels. */
export async function checkUpload(data: Buffer): Promise<void> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !ACCEPTED.has(type.mime)) {
    throw new HttpError(415, 'Only PNG and JPEG images can be uploaded', 'upload.unsupported_type');
  }
  // metadata() reads the header only; nothing is decoded yet.
  const meta = await sharp(data)
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) {
    throw new HttpError(422, 'The file could not be read as an image', 'upload.unreadable');
  }
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS) {
    throw new HttpError(
      422,
      `The image is too large: at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels`,
      'upload.too_many_pixels',
    );
  }
}

/** A sharp pipeline over the upload that refuses to decode more than the pixel limit. */
function decode(data: Buffer) {
  // rotate() without an angle applies the EXIF orientation; the output keeps no metadata at all
  // (sharp drops EXIF, ICC, XMP and IPTC unless asked to keep them) and is converted to sRGB.
  return sharp(data, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' });
}

const JPEG = { contentType: 'image/jpeg' };

/** The demo avatar pool (seed/avatars.ts): each file is shared by many seeded members' rows. */
const SHARED_NAME = /^seed-/;

/**
 * Re-encodes a checked upload into the store's uploads/ as a photo and a square thumbnail. Both
 * are written before the caller adds the row, so no row ever names a missing file.
 */
export async function storeUpload(data: Buffer, store: ObjectStore): Promise<StoredImage> {
  let photo: { data: Buffer; info: OutputInfo };
  let thumb: Buffer;
  try {
    photo = await decode(data)
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    thumb = await decode(data)
      .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover', position: 'attention' })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new HttpError(422, 'The file could not be read as an image', 'upload.unreadable');
  }
  const base = `u-${randomBytes(16).toString('hex')}`;
  const stored: StoredImage = {
    filename: `${base}.jpg`,
    thumbFilename: `${base}-thumb.jpg`,
    width: photo.info.width,
    height: photo.info.height,
  };
  await store.put(objectKey('uploads', stored.filename), photo.data, JPEG);
  try {
    await store.put(objectKey('uploads', stored.thumbFilename), thumb, JPEG);
  } catch (err) {
    await store.delete(objectKey('uploads', stored.filename)).catch(() => undefined);
    throw err;
  }
  return stored;
}

/**
 * Removes the files of deleted image rows (call after the rows are gone); one already gone is
 * not an error. Demo avatars are kept: many seeded members share each of them.
 */
export async function removeImageFiles(store: ObjectStore, names: string[]): Promise<void> {
  const own = names.filter((name) => !SHARED_NAME.test(name));
  await Promise.all(own.map((name) => store.delete(objectKey('uploads', name))));
}

/** Long side of a stored complaint screenshot: larger than a photo, so small text stays legible. */
export const MAX_SCREENSHOT_SIDE = 2400;

/**
 * Re-encodes a checked complaint screenshot into the store's complaints/ (never served
 * publicly) as a JPEG without metadata; answers its server-made name.
 */
export async function storeScreenshot(data: Buffer, store: ObjectStore): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await decode(data)
      .resize(MAX_SCREENSHOT_SIDE, MAX_SCREENSHOT_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new HttpError(422, 'The file could not be read as an image', 'upload.unreadable');
  }
  const name = `c-${randomBytes(16).toString('hex')}.jpg`;
  await store.put(objectKey('complaints', name), bytes, JPEG);
  return name;
}
