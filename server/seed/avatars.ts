/**
 * A pool of generated avatars that demo members share: Dicebear "avataaars" drawings with
 * gender-typical hair, rendered to PNG by sharp into the file storage's uploads/ under
 * server-made names.
 */
import { createHash } from 'node:crypto';
import { avataaars } from '@dicebear/collection';
import { createAvatar, type StyleOptions } from '@dicebear/core';
import sharp from 'sharp';
import type { Gender } from '../../src/shared/contract/fields';
import { objectKey, type ObjectStore } from '../storage/object-store';

/** Main image and thumbnail sizes, the same as for uploaded photos. */
export const AVATAR_SIZE = 480;
export const THUMB_SIZE = 160;
/** Enough variety that neighbours in a result page rarely look alike. */
export const DEFAULT_AVATARS_PER_GENDER = 48;

/** Part of every file name: changing the drawing options below must change it too. */
const POOL_VERSION = 'avataaars-2';
const GENDERS: readonly Gender[] = ['female', 'male'];
/** Avatars rendered at the same time. */
const RENDERS_AT_ONCE = 4;

type AvataaarsOptions = StyleOptions<avataaars.Options>;

/** Friendly faces only: no vomiting mouths, crossed-out eyes, skull shirts or orange skin. */
const COMMON: AvataaarsOptions = {
  mouth: ['default', 'smile', 'twinkle', 'serious'],
  eyes: ['default', 'happy', 'wink', 'side', 'squint'],
  eyebrows: ['default', 'defaultNatural', 'raisedExcited', 'raisedExcitedNatural', 'flatNatural'],
  skinColor: ['ffdbb4', 'edb98a', 'd08b5b', 'ae5d29', '614335'],
  hairColor: ['2c1b18', '4a312c', '724133', 'a55728', 'b58143', 'd6b370', 'c93305', 'e8e1e1'],
  accessories: ['prescription01', 'prescription02', 'round', 'wayfarers'],
  accessoriesProbability: 15,
  clothingGraphic: ['bear', 'deer', 'diamond', 'hola', 'pizza'],
  topProbability: 100,
  backgroundColor: ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf'],
};

const BY_GENDER: Record<Gender, AvataaarsOptions> = {
  female: {
    top: [
      'bob',
      'bun',
      'curly',
      'curvy',
      'frida',
      'longButNotTooLong',
      'miaWallace',
      'straight01',
      'straight02',
      'straightAndStrand',
      'bigHair',
    ],
    facialHairProbability: 0,
  },
  male: {
    top: [
      'shortCurly',
      'shortFlat',
      'shortRound',
      'shortWaved',
      'sides',
      'theCaesar',
      'theCaesarAndSidePart',
      'shaggy',
      'frizzle',
      'dreads01',
      'fro',
    ],
    facialHair: ['beardLight', 'beardMedium', 'beardMajestic', 'moustacheFancy'],
    facialHairProbability: 35,
  },
};

/** One pool file pair, as an `images` row describes it. */
export interface PoolAvatar {
  filename: string;
  thumb_filename: string;
  width: number;
  height: number;
}

/** The pool by gender; index i of a gender is always the same drawing. */
export type AvatarPool = Record<Gender, PoolAvatar[]>;

function poolEntry(gender: Gender, index: number): PoolAvatar & { seed: string } {
  const seed = `amora-${gender}-${index}`;
  const hash = createHash('sha256').update(`${POOL_VERSION}:${seed}`).digest('hex').slice(0, 16);
  return {
    seed,
    filename: `seed-${hash}.png`,
    thumb_filename: `seed-${hash}-thumb.png`,
    width: AVATAR_SIZE,
    height: AVATAR_SIZE,
  };
}

/** Renders at the target size (no upscaling blur) into the store (which never shows a half file). */
async function renderPng(svg: string, size: number, store: ObjectStore, key: string) {
  const png = await sharp(Buffer.from(svg))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  await store.put(key, png, { contentType: 'image/png' });
}

async function ensureFiles(store: ObjectStore, gender: Gender, index: number): Promise<boolean> {
  const entry = poolEntry(gender, index);
  const main = objectKey('uploads', entry.filename);
  const thumb = objectKey('uploads', entry.thumb_filename);
  if ((await store.exists(main)) && (await store.exists(thumb))) return false;
  const options = { ...COMMON, ...BY_GENDER[gender], seed: entry.seed };
  await renderPng(
    createAvatar(avataaars, { ...options, size: AVATAR_SIZE }).toString(),
    AVATAR_SIZE,
    store,
    main,
  );
  await renderPng(
    createAvatar(avataaars, { ...options, size: THUMB_SIZE }).toString(),
    THUMB_SIZE,
    store,
    thumb,
  );
  return true;
}

/**
 * Makes the pool files that are missing in the store's uploads/ and describes the whole pool;
 * running it again only checks that the files exist.
 */
export async function ensureAvatarPool(
  store: ObjectStore,
  perGender: number,
  log: (msg: string) => void,
): Promise<AvatarPool> {
  const jobs = GENDERS.flatMap((gender) =>
    Array.from({ length: perGender }, (_, index) => ({ gender, index })),
  );
  let made = 0;
  let next = 0;
  // Four at a time, as many as libuv has threads for sharp: with two, a core often waits while
  // JavaScript draws the next avatar (96 avatars in 2.8 s instead of 3.7 s on two cores).
  const worker = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++])
      if (await ensureFiles(store, job.gender, job.index)) made++;
  };
  await Promise.all(Array.from({ length: RENDERS_AT_ONCE }, worker));
  if (made > 0) log(`seed: rendered ${made} avatars into ${store.location}`);
  const describe = (gender: Gender) =>
    Array.from({ length: perGender }, (_, index) => {
      const { seed: _seed, ...avatar } = poolEntry(gender, index);
      return avatar;
    });
  return { female: describe('female'), male: describe('male') };
}
