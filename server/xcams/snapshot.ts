/**
 * Demo webcam snapshots: a Dicebear drawing per account, rendered to PNG by sharp at first use and
 * kept in `<dataDir>/xcams/`, so the demo feed needs no image host.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { CamEntry } from '../../src/shared/contract/members';

/** Square, like the profile card photo it stands in for. */
export const SNAPSHOT_SIZE = 300;
/** Part of every file name: changing the drawing below must change it too. */
const VERSION = 'lorelei-1';
/** Warm studio-like backgrounds, so the snapshots read as a different kind of card. */
const BACKGROUNDS = ['ffd5dc', 'ffdfbf', 'f4c2c2', 'e8c1e8', 'c0aede'];

/** Returns a snapshot PNG per account; one render per account even under concurrent requests. */
export interface SnapshotStore {
  png(entry: CamEntry): Promise<Buffer>;
}

async function render(entry: CamEntry): Promise<Buffer> {
  // The drawing library loads with the first snapshot, not with the server.
  const [{ lorelei }, { createAvatar }] = await Promise.all([
    import('@dicebear/collection'),
    import('@dicebear/core'),
  ]);
  const svg = createAvatar(lorelei, {
    seed: `amora-cam-${entry.account}`,
    size: SNAPSHOT_SIZE,
    backgroundColor: BACKGROUNDS,
    backgroundType: ['gradientLinear'],
  }).toString();
  return sharp(Buffer.from(svg))
    .resize(SNAPSHOT_SIZE, SNAPSHOT_SIZE)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A store caching files in `dir` and the bytes in memory (the demo has two dozen accounts). */
export function createSnapshotStore(dir: string): SnapshotStore {
  const memory = new Map<string, Promise<Buffer>>();
  const load = async (entry: CamEntry): Promise<Buffer> => {
    const name = createHash('sha256').update(`${VERSION}:${entry.account}`).digest('hex');
    const path = join(dir, `${name.slice(0, 24)}.png`);
    try {
      return readFileSync(path);
    } catch {
      const png = await render(entry);
      mkdirSync(dir, { recursive: true });
      // Written aside and renamed, so a crash never leaves half a file behind.
      const partial = `${path}.${process.pid}.partial`;
      writeFileSync(partial, png);
      renameSync(partial, path);
      return png;
    }
  };
  return {
    png(entry) {
      let pending = memory.get(entry.account);
      if (!pending) {
        pending = load(entry);
        memory.set(entry.account, pending);
        // A failed render is retried by the next request instead of being cached.
        pending.catch(() => memory.delete(entry.account));
      }
      return pending;
    },
  };
}
