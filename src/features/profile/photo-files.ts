/** Which files the photo picker accepts (SPEC §5: png, jpeg, jpg), checked before any upload. */

export const PHOTO_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
/** The server's limit per file (server/services/images.ts). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

const TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg']);

export function isPhotoFile(file: Pick<File, 'type' | 'name'>): boolean {
  return TYPES.has(file.type) || (!file.type && /\.(png|jpe?g)$/i.test(file.name));
}

/** The MIME type to send; some systems leave it empty for .jpg files. */
export function photoType(file: Pick<File, 'type' | 'name'>): string {
  if (TYPES.has(file.type)) return file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  return /\.png$/i.test(file.name) ? 'image/png' : 'image/jpeg';
}
