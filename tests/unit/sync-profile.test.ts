/** The sync worker's loadProfile: stores the profile page data, ETags, like state, 404s, logout. */
import { waitFor } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import type { ProfileDetails } from '../../src/shared/contract/members';
import { memberProfile } from '../../src/db/queries';
import type { FakeReply } from './helpers/fake-backend';
import { demoUser } from './helpers/fixtures';
import { createHarness } from './helpers/sync-harness';

const ROUTE = 'GET /api/profile.php';

function details(id: number, overrides: Partial<ProfileDetails> = {}): ProfileDetails {
  return {
    id,
    name: `Member ${id}`,
    age: 31,
    gender: 'female',
    city: 'Utrecht',
    country: 'NL',
    countryregion: 1,
    region: 'Utrecht',
    language: 'nl',
    main_image: { id: 2, thumb_filename: 'b-thumb.jpg', filename: 'b.jpg' },
    images: [
      { id: 1, thumb_filename: 'a-thumb.jpg', filename: 'a.jpg' },
      { id: 2, thumb_filename: 'b-thumb.jpg', filename: 'b.jpg' },
    ],
    fields: { relationship: 'single' },
    notes: { looking_for: 'Someone kind' },
    personal: 'Hello there',
    liked: false,
    did_like_profile: false,
    ...overrides,
  };
}

const notFound: FakeReply = {
  status: 404,
  body: { statusCode: 404, error: 'Not Found', message: 'Gone', key: 'profile.not_found' },
};

async function member() {
  const h = createHarness();
  h.backend.user = demoUser();
  await h.api.refreshUser();
  return h;
}

describe('loadProfile', () => {
  it('stores the details and the card, and answers the details', async () => {
    const h = await member();
    h.backend.override(ROUTE, { body: details(42) });
    expect(await h.api.loadProfile(42)).toEqual(details(42));
    expect(h.backend.last(ROUTE)?.query.get('id')).toBe('42');
    const view = await memberProfile(42, h.db);
    expect(view.details).toMatchObject({ ...details(42), etag: expect.any(String) });
    expect(view.card).toEqual({
      id: 42,
      name: 'Member 42',
      age: 31,
      city: 'Utrecht',
      country: 'NL',
      language: 'nl',
      main_image: { thumb_filename: 'b-thumb.jpg' },
    });
  });

  it('sends the stored ETag and keeps the copy on a 304', async () => {
    const h = await member();
    h.backend.override(ROUTE, { body: details(42) });
    await h.api.loadProfile(42);
    const first = await h.db.profileDetails.get(42);
    expect(await h.api.loadProfile(42)).toEqual(details(42));
    expect(h.backend.last(ROUTE)?.headers['if-none-match']).toBe(first?.etag);
    expect((await h.db.profileDetails.get(42))?.fetchedAt).toBe(first?.fetchedAt);
  });

  it('adopts the like state unless a local action is pending', async () => {
    const h = await member();
    h.backend.override(ROUTE, { body: details(42, { liked: true, did_like_profile: true }) });
    await h.api.loadProfile(42);
    expect(await h.db.likes.get(42)).toMatchObject({ liked: true, did_like_profile: true });

    h.backend.override('DELETE /api/likes.php', {
      status: 202,
      body: { queued: true },
      headers: { 'x-queued': '1' },
    });
    await h.api.unlike(42);
    h.backend.override(ROUTE, { body: details(42, { liked: true, name: 'Renamed' }) });
    await h.api.loadProfile(42);
    expect(await h.db.likes.get(42)).toMatchObject({ liked: false, status: 'queued' });
    expect((await h.db.profiles.get(42))?.name).toBe('Renamed');
  });

  it('writes no like row for a profile nobody liked', async () => {
    const h = await member();
    h.backend.override(ROUTE, { body: details(42) });
    await h.api.loadProfile(42);
    expect(await h.db.likes.get(42)).toBeUndefined();
  });

  it('drops the cached copy when the member is gone (404) and rejects with the status', async () => {
    const h = await member();
    h.backend.override(ROUTE, { body: details(42) });
    await h.api.loadProfile(42);
    h.backend.override(ROUTE, notFound);
    await expect(h.api.loadProfile(42)).rejects.toMatchObject({ kind: 'http', status: 404 });
    expect(await h.db.profileDetails.get(42)).toBeUndefined();
  });

  it('rejects as a network failure offline and keeps what it had', async () => {
    const h = await member();
    h.backend.override(ROUTE, { body: details(42) });
    await h.api.loadProfile(42);
    h.backend.override(ROUTE, 'network-error');
    await expect(h.api.loadProfile(42)).rejects.toMatchObject({ kind: 'network' });
    expect((await memberProfile(42, h.db)).details?.name).toBe('Member 42');
  });

  it('lets visitors load profiles without an ETag and without like rows', async () => {
    const h = createHarness();
    h.backend.override(ROUTE, { body: details(42, { liked: false }) });
    await h.api.loadProfile(42);
    await h.api.loadProfile(42);
    expect(h.backend.last(ROUTE)?.headers['if-none-match']).toBeUndefined();
    expect(await h.db.profileDetails.get(42)).toBeDefined();
    expect(await h.db.likes.count()).toBe(0);
  });

  it('reports a refused visitor as auth without rechecking a session', async () => {
    const h = createHarness();
    h.backend.override(ROUTE, {
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'Log in', key: 'auth.not_logged_in' },
    });
    await expect(h.api.loadProfile(42)).rejects.toMatchObject({ kind: 'auth', status: 403 });
    expect(h.backend.count('GET /api/user.php')).toBe(0);
  });

  it('drops an answer that arrives after a logout', async () => {
    const h = await member();
    let answer: () => void = () => undefined;
    h.backend.override(
      ROUTE,
      () => new Promise<FakeReply>((resolve) => (answer = () => resolve({ body: details(42) }))),
    );
    const pending = h.api.loadProfile(42);
    await waitFor(() => expect(h.backend.count(ROUTE)).toBe(1)); // the call has left
    h.backend.override('GET /api/logout.php', { text: 'done' });
    await h.api.logout();
    answer();
    await pending;
    expect(await h.db.profileDetails.count()).toBe(0);
    expect(await h.db.profiles.count()).toBe(0);
  });

  it('is wiped on logout', async () => {
    const h = await member();
    h.backend.override(ROUTE, { body: details(42) });
    await h.api.loadProfile(42);
    h.backend.override('GET /api/logout.php', { text: 'done' });
    await h.api.logout();
    expect(await h.db.profileDetails.count()).toBe(0);
  });
});
