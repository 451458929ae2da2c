/** Demo data on every engine: valid members, real avatar files, the demo logins, idempotence and determinism. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../src/shared/contract/fields';
import { loadSiteConfig } from '../../server/config';
import {
  createDatabase,
  migrateToLatest,
  type DatabaseHandle,
  type Engine,
} from '../../server/db/database';
import { ageOn, todayIso } from '../../server/lib/dates';
import { verifyPassword } from '../../server/lib/passwords';
import { isAllowedFieldValue } from '../../server/lib/profile-fields';
import { SeedRepository } from '../../server/repositories/seed.repository';
import { fragmentsFor } from '../../server/seed/about-me';
import { AVATAR_SIZE, THUMB_SIZE } from '../../server/seed/avatars';
import { DEMO2_EMAIL, DEMO_CREDITS, DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';
import { startOfToday } from '../../server/seed/generate';
import { firstNames } from '../../server/seed/names';
import { PLACES, regionId } from '../../server/seed/places';
import { seedIfEmpty, seedMembers, type SeedOptions } from '../../server/seed/seed';
import { DiskStore } from '../../server/storage/disk-store';
import { ENGINES } from './helper';

const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MEMBERS = 200;
const DAY = 86_400_000;
const NOW = startOfToday();

interface Store {
  handle: DatabaseHandle;
  dir: string;
  close(): Promise<void>;
}

async function onPg(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A migrated, empty database: a temp folder for SQLite, a fresh schema for PostgreSQL. */
async function openStore(engine: Engine): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'amora-seed-'));
  const schema = engine === 'postgres' ? `seed_${randomBytes(6).toString('hex')}` : undefined;
  if (schema) await onPg(`create schema "${schema}"`);
  const handle = createDatabase({
    databaseUrl: engine === 'postgres' ? TEST_DATABASE_URL : undefined,
    dataDir: dir,
    schema,
  });
  await migrateToLatest(handle.db);
  return {
    handle,
    dir,
    async close() {
      await handle.close();
      if (schema) await onPg(`drop schema "${schema}" cascade`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function options(store: Store, members = MEMBERS): SeedOptions & { members: number } {
  const files = new DiskStore(store.dir);
  return { store: files, members, avatarsPerGender: 3, now: NOW, log: () => {} };
}

async function namesById(store: Store): Promise<string[]> {
  const rows = await store.handle.db.selectFrom('members').select('name').orderBy('id').execute();
  return rows.map((r) => r.name);
}

for (const engine of ENGINES) {
  describe(`demo data on ${engine}`, () => {
    let store: Store;
    let seeded: boolean;

    beforeAll(async () => {
      store = await openStore(engine);
      seeded = (await seedIfEmpty(store.handle.db, options(store))).seeded;
    });
    afterAll(() => store.close());

    it('seeds the members and the two demo logins into an empty database', async () => {
      expect(seeded).toBe(true);
      expect(await new SeedRepository(store.handle.db).countMembers()).toBe(MEMBERS + 2);
    });

    it('gives every member a valid profile in their own language', async () => {
      const rows = await store.handle.db
        .selectFrom('members')
        .selectAll()
        .where('email', 'not in', [DEMO_EMAIL, DEMO2_EMAIL])
        .execute();
      const today = todayIso(new Date(NOW));
      for (const m of rows) {
        const place = PLACES.find(
          (p) => p.country === m.country && p.region === m.countryregion && p.city === m.city,
        );
        expect(place, `${m.country}/${m.countryregion}/${m.city}`).toBeDefined();
        expect(m.language).toBe(place?.language);
        const language = m.language as Language;
        const gender = m.gender === 'male' ? 'male' : 'female';
        expect(m.gender).toBe(gender);
        expect(firstNames(m.country ?? '', language)[gender]).toContain(m.name);
        const age = ageOn(m.date_of_birth ?? '', today);
        expect(age).toBeGreaterThanOrEqual(18);
        expect(age).toBeLessThanOrEqual(80);
        expect(['active', 'not_confirmed']).toContain(m.status);
        const closings = fragmentsFor(language, gender).closings;
        expect(closings.some((c) => m.personal?.endsWith(c))).toBe(true);
        expect(m.last_active).toBeGreaterThanOrEqual(NOW - 30 * DAY);
        expect(m.last_active).toBeLessThanOrEqual(NOW);
        expect(m.signup_date).toBeGreaterThanOrEqual(NOW - 730 * DAY);
        expect(m.signup_date).toBeLessThanOrEqual(m.last_active);
      }
      expect(new Set(rows.map((r) => r.country)).size).toBeGreaterThan(8);
      expect(rows.filter((r) => r.status === 'active').length).toBeGreaterThan(MEMBERS * 0.8);
    });

    it('stores profile fields and notes the API accepts', async () => {
      const fields = await store.handle.db.selectFrom('member_fields').selectAll().execute();
      expect(fields.length).toBeGreaterThan(MEMBERS * 3);
      for (const f of fields)
        expect(isAllowedFieldValue(f.name, f.value), `${f.name}=${f.value}`).toBe(true);
      const notes = await store.handle.db.selectFrom('member_notes').selectAll().execute();
      const visible = loadSiteConfig().visible_profile_notes;
      expect(notes.length).toBe((MEMBERS + 2) * 2);
      for (const n of notes) expect(visible).toContain(n.name);
    });

    it('gives every member an own image row pointing at real PNG files', async () => {
      const rows = await store.handle.db
        .selectFrom('members')
        .innerJoin('images', 'images.id', 'members.main_image_id')
        .select(['members.id', 'images.member_id', 'filename', 'thumb_filename', 'width', 'height'])
        .execute();
      expect(rows.length).toBe(MEMBERS + 2);
      const files = new Map<string, number>();
      for (const r of rows) {
        expect(r.member_id).toBe(r.id);
        expect([r.width, r.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE]);
        expect(r.filename).toMatch(/^seed-[0-9a-f]{16}\.png$/);
        files.set(r.filename, AVATAR_SIZE);
        files.set(r.thumb_filename, THUMB_SIZE);
      }
      expect(files.size).toBe(2 * 2 * 3);
      for (const [file, size] of files) {
        const path = join(store.dir, 'uploads', file);
        expect(existsSync(path), path).toBe(true);
        const meta = await sharp(path).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
      }
    });

    it('creates demo logins that verify with argon2', async () => {
      const db = store.handle.db;
      const alex = await db
        .selectFrom('members')
        .selectAll()
        .where('email', '=', DEMO_EMAIL)
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(alex.password_hash, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(alex.password_hash, 'wrong password')).toBe(false);
      expect(alex).toMatchObject({
        name: 'Alex',
        gender: 'female',
        country: 'NL',
        countryregion: regionId('NL', 'Noord-Holland'),
        city: 'Amsterdam',
        language: 'en',
        status: 'active',
        credits: DEMO_CREDITS,
      });
      expect(ageOn(alex.date_of_birth ?? '', todayIso(new Date(NOW)))).toBe(32);
      expect(alex.main_image_id).not.toBeNull();
      expect(alex.personal).toContain('Amsterdam');
      const ledger = await db
        .selectFrom('credit_ledger')
        .select('delta')
        .where('member_id', '=', alex.id)
        .execute();
      expect(ledger.map((l) => l.delta)).toEqual([DEMO_CREDITS]);

      const sam = await db
        .selectFrom('members')
        .selectAll()
        .where('email', '=', DEMO2_EMAIL)
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(sam.password_hash, DEMO_PASSWORD)).toBe(true);
      expect(sam).toMatchObject({ gender: 'male', country: 'NL', status: 'active' });
    });

    it('gives the demo login a few admirers: some likes new, one liked back', async () => {
      const db = store.handle.db;
      const alex = await db
        .selectFrom('members')
        .select('id')
        .where('email', '=', DEMO_EMAIL)
        .executeTakeFirstOrThrow();
      const received = await db
        .selectFrom('likes')
        .innerJoin('members', 'members.id', 'likes.member_id')
        .select(['likes.member_id', 'likes.is_new', 'members.gender', 'members.country'])
        .where('likes.profile_id', '=', alex.id)
        .execute();
      expect(received).toHaveLength(5);
      expect(received.filter((like) => Boolean(like.is_new))).toHaveLength(3);
      expect(new Set(received.map((like) => `${like.gender} ${like.country}`))).toEqual(
        new Set(['male NL']),
      );
      const given = await db
        .selectFrom('likes')
        .select('profile_id')
        .where('member_id', '=', alex.id)
        .execute();
      expect(given).toHaveLength(1);
      expect(received.map((like) => like.member_id)).toContain(given[0]?.profile_id);
    });

    it('does nothing but return the demo login when members exist', async () => {
      const before = await namesById(store);
      const again = await seedIfEmpty(store.handle.db, options(store));
      expect(again).toEqual({ seeded: false, demoEmail: DEMO_EMAIL, demoPassword: DEMO_PASSWORD });
      expect(await namesById(store)).toEqual(before);
    });

    it('makes the same members from the same seed, and new ones when adding more', async () => {
      const first = await namesById(store);
      const other = await openStore(engine);
      try {
        await seedIfEmpty(other.handle.db, options(other));
        expect(await namesById(other)).toEqual(first);

        await seedMembers(other.handle.db, options(other, 50));
        const grown = await namesById(other);
        expect(grown.slice(0, first.length)).toEqual(first);
        expect(grown.slice(first.length, first.length + 20)).not.toEqual(first.slice(2, 22));

        // A reset and a rerun give the first data set again, demo logins included.
        await new SeedRepository(other.handle.db).reset();
        await seedMembers(other.handle.db, options(other));
        expect(await namesById(other)).toEqual(first);
      } finally {
        await other.close();
      }
    });
  });
}
