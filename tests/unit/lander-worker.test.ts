/** The sync worker's side of the acquisition pages: kept for offline, 404s forgotten, matches stored. */
import { afterEach, describe, expect, it } from 'vitest';
import type { LanderResponse } from '../../src/shared/contract/landers';
import { kvGet } from '../../src/db/kv';
import { createHarness, flush } from './helpers/sync-harness';
import { profile } from './helpers/fixtures';

type Harness = ReturnType<typeof createHarness>;
let h: Harness | null = null;

function start(): Harness {
  h = createHarness();
  return h;
}

afterEach(async () => {
  h?.sync.stop();
  await flush();
  h?.db.close();
  h = null;
});

const lander = (ids: number[]): LanderResponse => ({
  language: 'nl',
  niche: 2,
  profiles: ids.map((id) => profile(id)),
  total: 1200,
});

const notFound = {
  status: 404,
  body: { statusCode: 404, error: 'Not Found', message: 'gone', key: 'x' },
};

describe('landers in the worker', () => {
  it('asks for the slug with the traffic source and keeps the answer', async () => {
    const { api, backend, db } = start();
    backend.override('GET /api/lander.php', { body: lander([1, 2]) });
    const answer = await api.loadLander('she-nl', 'abc?sub1=x');
    expect(answer).toMatchObject({ stored: false, data: { total: 1200, niche: 2 } });
    const request = backend.last('GET /api/lander.php');
    expect(request?.query.get('slug')).toBe('she-nl');
    expect(request?.query.get('trafficsource')).toBe('abc?sub1=x');
    expect((await kvGet(db, 'lander:she-nl'))?.data.profiles.map((p) => p.id)).toEqual([1, 2]);
  });

  it('shows the copy of the last visit when there is no connection', async () => {
    const { api, backend } = start();
    backend.override('GET /api/lander.php', { body: lander([7]) });
    await api.loadLander('she-nl');
    backend.override('GET /api/lander.php', 'network-error');
    const offline = await api.loadLander('she-nl');
    expect(offline.stored).toBe(true);
    expect(offline.data.profiles.map((p) => p.id)).toEqual([7]);
    // Another slug was never visited: nothing to show.
    await expect(api.loadLander('gay-eng')).rejects.toMatchObject({ kind: 'network' });
  });

  it('forgets a page the server no longer knows', async () => {
    const { api, backend, db } = start();
    backend.override('GET /api/lander.php', { body: lander([7]) });
    await api.loadLander('eng');
    backend.override('GET /api/lander.php', notFound);
    await expect(api.loadLander('eng')).rejects.toMatchObject({ status: 404 });
    expect(await kvGet(db, 'lander:eng')).toBeUndefined();
  });

  it('keeps a member lander, also when the member cannot be shown', async () => {
    const { api, backend, db } = start();
    backend.override('GET /api/member_lander.php', { body: { profile: profile(42) } });
    expect((await api.loadMemberLander(42)).data.profile?.id).toBe(42);
    backend.override('GET /api/member_lander.php', { body: { profile: null } });
    expect((await api.loadMemberLander(42)).data.profile).toBeNull();
    backend.override('GET /api/member_lander.php', 'network-error');
    expect(await api.loadMemberLander(42)).toMatchObject({ stored: true, data: { profile: null } });
    expect((await kvGet(db, 'memberLander:42'))?.data.profile).toBeNull();
  });

  it('passes the quiz answers on and does not store the count', async () => {
    const { api, backend } = start();
    backend.override('GET /api/match_finder.php', {
      body: { count: 37, profiles: [{ id: 3, main_image: null }] },
    });
    const result = await api.findMatches({
      gender: 'female',
      min_age: 26,
      max_age: 35,
      country: 'NL',
      countryregion: 9,
    });
    expect(result.count).toBe(37);
    const query = backend.last('GET /api/match_finder.php')?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      gender: 'female',
      min_age: '26',
      max_age: '35',
      country: 'NL',
      countryregion: '9',
    });
  });

  it('stores the cards of the sign-up matches for the profile pages', async () => {
    const { api, backend, db } = start();
    backend.override('GET /api/signup_matches.php', {
      body: { profiles: [profile(5), profile(6)] },
    });
    const profiles = await api.signupMatches({ gender: 'male', min_age: 30, max_age: 40 });
    expect(profiles.map((p) => p.id)).toEqual([5, 6]);
    expect(backend.last('GET /api/signup_matches.php')?.query.get('gender')).toBe('male');
    expect((await db.profiles.get(6))?.id).toBe(6);
  });
});
