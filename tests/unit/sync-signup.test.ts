import { describe, expect, it } from 'vitest';
import type { User } from '../../src/shared/contract/account';
import { PASSWORD } from './helpers/fake-backend';
import { demoUser } from './helpers/fixtures';
import { createHarness } from './helpers/sync-harness';

type H = ReturnType<typeof createHarness>;

const PHOTO = {
  bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer,
  name: 'me.png',
  type: 'image/png',
};
const PLACE = { country: 'NL', countryregion: 7, city: 'Utrecht' };
const ABOUT = { personal: 'Likes long walks', notes: {} };
const PERSONAL = { gender: 'female' as const, date_of_birth: '1990-04-01', fields: {} };

function withUser(user: User) {
  return { body: { user } };
}

/** A backend that answers the wizard's calls like the server: each returns the user. */
function wizardBackend(h: H) {
  const newcomer = demoUser({ id: 31, email: 'new@example.com' });
  h.backend.override('POST /api/user.php', () => {
    h.backend.user = newcomer;
    return withUser(newcomer);
  });
  h.backend.override('PUT /api/user.php', () => withUser(newcomer));
  h.backend.override('POST /api/profileimage.php', () => withUser(newcomer));
  return newcomer;
}

const SIGNUP = { email: 'new@example.com', name: 'Newcomer', password: 'long enough secret' };

describe('sign-up wizard in the worker', () => {
  it('creates the account, logs in, and hands the visitor draft to the new member', async () => {
    const h = createHarness();
    wizardBackend(h);
    await h.api.saveSignupDraft({ email: SIGNUP.email, name: SIGNUP.name });
    const user = await h.api.signup(SIGNUP);
    expect(user.id).toBe(31);
    expect(h.backend.last('POST /api/user.php')?.query.get('new')).toBe('1');
    const draft = await h.api.signupDraft();
    expect(draft).toMatchObject({ memberId: 31, email: SIGNUP.email, name: SIGNUP.name });
    expect(draft).not.toHaveProperty('password');
  });

  it('sends saved steps in wizard order, marking the notes as the last sign-up step', async () => {
    const h = createHarness();
    wizardBackend(h);
    await h.api.signup(SIGNUP);
    await h.api.saveSignupDraft({ notes: ABOUT });
    await h.api.saveSignupDraft({ location: PLACE, photo: PHOTO, profile: PERSONAL });
    const progress: number[] = [];
    const result = await h.api.flushSignupDraft((fraction) => progress.push(fraction));

    expect(result).toEqual({ pending: [], refused: null });
    const order = h.backend.requests
      .filter((r) => r.method === 'PUT' || r.path === '/api/profileimage.php')
      .map((r) => (r.path === '/api/profileimage.php' ? 'photo' : Object.keys(r.body as object)));
    expect(order).toEqual([
      'photo',
      ['country', 'countryregion', 'city'],
      ['profile'],
      ['profile'],
    ]);
    const puts = h.backend.requests.filter((r) => r.method === 'PUT');
    expect(puts[1]?.body).toEqual({ profile: PERSONAL });
    expect(puts[2]?.body).toEqual({ profile: { ...ABOUT, lastSignupStep: true } });
    expect(progress.at(-1)).toBe(1);
    expect((await h.api.signupDraft())?.photo).toBeNull(); // the bytes are not kept once sent
  });

  it('keeps a step that hit a dead network, and everything after it, for the next flush', async () => {
    const h = createHarness();
    wizardBackend(h);
    await h.api.signup(SIGNUP);
    await h.api.saveSignupDraft({ photo: PHOTO, location: PLACE, notes: ABOUT });
    h.backend.override('PUT /api/user.php', 'network-error');

    expect(await h.api.flushSignupDraft()).toEqual({
      pending: ['location', 'notes'],
      refused: null,
    });
    expect(h.backend.count('POST /api/profileimage.php')).toBe(1);

    wizardBackend(h); // back online
    expect(await h.api.flushSignupDraft()).toEqual({ pending: [], refused: null });
    expect(h.backend.count('POST /api/profileimage.php')).toBe(1); // the photo went once
    expect(h.backend.count('PUT /api/user.php')).toBe(3); // the failed one, then location and notes
  });

  it('drops a refused step with the reason, and forgets the reason once it is saved again', async () => {
    const h = createHarness();
    wizardBackend(h);
    await h.api.signup(SIGNUP);
    h.backend.override('PUT /api/user.php', {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Too young',
        key: 'profile.date_of_birth_error',
      },
    });
    await h.api.saveSignupDraft({ profile: { ...PERSONAL, date_of_birth: '2020-01-01' } });
    const result = await h.api.flushSignupDraft();
    expect(result.pending).toEqual([]);
    expect(result.refused).toEqual({
      part: 'profile',
      key: 'profile.date_of_birth_error',
      message: 'Too young',
    });

    const again = await h.api.saveSignupDraft({ profile: PERSONAL });
    expect(again.refused).toBeNull();
    expect(again.pending).toEqual(['profile']);
  });

  it('keeps steps of a visitor pending until the account exists', async () => {
    const h = createHarness();
    wizardBackend(h);
    await h.api.saveSignupDraft({ location: PLACE });
    expect(await h.api.flushSignupDraft()).toEqual({ pending: ['location'], refused: null });
    expect(h.backend.count('PUT /api/user.php')).toBe(0);
  });

  it('ignores a draft left by another member on this device', async () => {
    const h = createHarness();
    wizardBackend(h);
    await h.api.signup(SIGNUP);
    await h.api.saveSignupDraft({ step: 4, location: PLACE });
    await h.api.logout();
    await h.api.login('demo@example.com', PASSWORD);
    expect(await h.api.signupDraft()).toBeNull();
  });

  it('cancels an e-mail check that a newer one replaced', async () => {
    const h = createHarness();
    const answer = {
      status: 'new',
      token: 't',
      email: 'b@example.com',
      request_email: 'b@example.com',
    };
    h.backend.override('GET /api/validate_email.php', (request) =>
      request.query.get('email') === 'a@example.co' ? 'hang' : { body: answer },
    );
    const first = h.api.validateEmail('a@example.co');
    const second = h.api.validateEmail('b@example.com');
    await expect(first).rejects.toMatchObject({ kind: 'aborted' });
    await expect(second).resolves.toEqual(answer);
  });

  it('uploads a photo as multipart and reports a refusal with the server key', async () => {
    const h = createHarness();
    wizardBackend(h);
    await h.api.signup(SIGNUP);
    h.backend.override('POST /api/profileimage.php', {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Not an image',
        key: 'upload.not_an_image',
      },
    });
    await expect(h.api.uploadProfileImage(PHOTO)).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      key: 'upload.not_an_image',
    });
  });
});
