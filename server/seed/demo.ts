/**
 * The two known demo logins that README, `npm start` and the end-to-end tests rely on: Alex to
 * try the site with, and Sam to chat with Alex.
 */
import type { Gender, Language } from '../../src/shared/contract/fields';
import { hashPassword } from '../lib/passwords';
import type { SeedRepository } from '../repositories/seed.repository';
import type { AvatarPool } from './avatars';
import { birthDateForAge } from './generate';
import { insertBatch, type BatchMember } from './insert';
import { findPlace } from './places';

import { DEMO2_EMAIL, DEMO_EMAIL, DEMO_PASSWORD } from './demo-login';

export { DEMO2_EMAIL, DEMO_EMAIL, DEMO_PASSWORD };
/** Enough to try paid actions without buying. */
export const DEMO_CREDITS = 100;

interface DemoAccount {
  email: string;
  name: string;
  gender: Gender;
  age: number;
  country: string;
  city: string;
  language: Language;
  avatar: number;
  personal: string;
  fields: BatchMember['fields'];
  notes: BatchMember['notes'];
}

const ACCOUNTS: readonly DemoAccount[] = [
  {
    email: DEMO_EMAIL,
    name: 'Alex',
    gender: 'female',
    age: 32,
    country: 'NL',
    city: 'Amsterdam',
    language: 'en',
    avatar: 0,
    personal:
      "Hi, I'm Alex! I moved to Amsterdam for work and stayed for the canals, the markets and " +
      'the endless cycling. I love cooking for friends, live music on a Friday night and long ' +
      'walks on the beach at Zandvoort. If you like a good conversation, send me a message!',
    fields: [
      ['relationship', 'single'],
      ['height', '170_179'],
      ['eyes', 'green'],
      ['hair', 'brown'],
      ['smoking', 'no'],
      ['children', 'none'],
      ['education', 'master'],
    ],
    notes: [
      ['looking_for', 'Someone kind and curious who likes to laugh.'],
      ['ideal_date', 'Coffee at a market, then a walk along the water.'],
    ],
  },
  {
    email: DEMO2_EMAIL,
    name: 'Sam',
    gender: 'male',
    age: 35,
    country: 'NL',
    city: 'Utrecht',
    language: 'en',
    avatar: 0,
    personal:
      "Hey, I'm Sam from Utrecht. I work as a carpenter, run along the Vecht on Sunday mornings " +
      'and never say no to a board game night. Looking for someone to share good food and bad ' +
      'jokes with. Say hi!',
    fields: [
      ['relationship', 'single'],
      ['height', '180_189'],
      ['eyes', 'blue'],
      ['hair', 'blond'],
      ['smoking', 'no'],
      ['children', 'want_children'],
      ['education', 'vocational'],
    ],
    notes: [
      ['looking_for', 'A partner for adventures big and small.'],
      ['ideal_date', 'A picnic in the park with good food and no phones.'],
    ],
  },
];

/** Creates the demo accounts that do not exist yet; an existing account is left as it is. */
export async function ensureDemoAccounts(
  repo: SeedRepository,
  pool: AvatarPool,
  now: number,
): Promise<void> {
  for (const account of ACCOUNTS) {
    if ((await repo.memberIdByEmail(account.email)) !== undefined) continue;
    const place = findPlace(account.country, account.city);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const member: BatchMember = {
      email: account.email,
      passwordHash,
      credits: DEMO_CREDITS,
      name: account.name,
      gender: account.gender,
      // 100 days past the birthday: the age stays the same for months after seeding.
      date_of_birth: birthDateForAge(now, account.age, 100),
      country: place.country,
      countryregion: place.region,
      city: place.city,
      language: account.language,
      personal: account.personal,
      status: 'active',
      signup_date: now - 90 * 86_400_000,
      last_active: now,
      avatar: account.avatar,
      fields: account.fields,
      notes: account.notes,
    };
    const [id] = await insertBatch(repo, [member], {
      passwordHash,
      pool,
      now,
      withDetails: true,
    });
    if (id !== undefined) await repo.recordCreditGrant(id, DEMO_CREDITS, now);
  }
}

/** How many seeded members like the demo account, and how many of those it has not opened yet. */
const DEMO_ADMIRERS = 5;
const DEMO_NEW_LIKES = 3;

/**
 * A fresh demo account is liked by a few members (some new, one liked back), so the likes lists
 * and the badge show real data on the first login.
 */
export async function seedDemoLikes(repo: SeedRepository, now: number): Promise<void> {
  const demo = ACCOUNTS[0];
  const demoId = demo && (await repo.memberIdByEmail(demo.email));
  if (!demo || demoId === undefined) return;
  const other = demo.gender === 'female' ? 'male' : 'female';
  const admirers = await repo.memberIdsFor(demo.country, other, DEMO_ADMIRERS);
  const hour = 3_600_000;
  await repo.insertLikes([
    ...admirers.map((from, i) => ({
      from,
      to: demoId,
      isNew: i < DEMO_NEW_LIKES,
      at: now - i * hour,
    })),
    ...admirers.slice(-1).map((to) => ({ from: demoId, to, isNew: false, at: now })),
  ]);
}
