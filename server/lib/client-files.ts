/**
 * Which request paths name a file of the built client (dist/client): the hashed assets, the
 * service workers, icons, the landers' maps and media. Prerendered pages live there too but are
 * never sent as files (plugins/static.ts), so they do not count as files here.
 */
import { stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { PRERENDER_DIR } from '../../src/shared/prerender/pages';

/** True when `url` (path and query as the client sent it) is a file under `clientDir`. */
export async function isClientFilePath(clientDir: string, url: string): Promise<boolean> {
  let path: string;
  try {
    path = decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return false; // not a path the file server could send either
  }
  const normal = posix.normalize(path);
  if (!normal.startsWith('/') || normal.includes('\0') || normal !== path) return false;
  if (normal.startsWith(`/${PRERENDER_DIR}/`)) return false;
  try {
    return (await stat(join(clientDir, normal))).isFile();
  } catch {
    return false;
  }
}
