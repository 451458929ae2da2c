/** Sign-up wizard steps 1–7: transitions, skip rules, offline drafts, completion (SPEC §2.4, §4). */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/shared/contract/account';
import type { PushBridge } from '../../src/bridges/push-bridge';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { freshDbForNextTest } from './helpers/db-per-test';
import { SIGNUP_COMPLETE_EVENT } from '../../src/features/signup/use-signup-wizard';
import { setupI18n } from './helpers/i18n';
import { createHarness } from './helpers/sync-harness';
import {
  denyGeolocation,
  fakePush,
  newcomer,
  renderSignup,
  wizardBackend,
  type Harness,
} from './signup-helpers';

vi.mock('../../src/db/db', async (importOriginal) =>
  (await import('./helpers/db-per-test')).dbModulePerTest(importOriginal),
);

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));
const push = vi.hoisted(() => ({ bridge: null as unknown }));
vi.mock('../../src/bridges/push-bridge', () => ({ getPushBridge: () => push.bridge }));

let h: Harness;

beforeAll(async () => {
  await setupI18n();
  denyGeolocation();
});
beforeEach(() => {
  freshDbForNextTest();
  h = createHarness({ db: getDb() });
  worker.current = h.api;
  push.bridge = fakePush();
});
afterEach(() => {
  cleanup();
  h.sync.stop();
  vi.restoreAllMocks();
});

const heading = (name: string) => screen.findByRole('heading', { name });
const step = () => document.querySelector('[data-step]')?.getAttribute('data-step');

async function createAccount() {
  const email = await screen.findByLabelText('Email');
  fireEvent.change(email, { target: { value: 'anna@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long secret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

/** A logged-in member (stored by the worker) with a draft at `at`, when given. */
async function member(user: User, at?: number) {
  wizardBackend(h, user);
  h.backend.user = user;
  await h.api.refreshUser();
  if (at !== undefined) await h.api.saveSignupDraft({ step: at });
}

describe('after the account is created', () => {
  it('offers push first when it is possible, then the photo', async () => {
    wizardBackend(h);
    await renderSignup(h, '/signup');
    await createAccount();
    expect(await heading('Never miss a message')).toBeTruthy();
    expect(step()).toBe('1');
    expect(screen.getByRole('progressbar', { name: 'Sign-up progress' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 6')).toBeTruthy();
    // The new step's heading takes the focus.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Never miss a message'));

    fireEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(await heading('Add a profile photo')).toBeTruthy();
    expect((push.bridge as PushBridge).subscribe).toHaveBeenCalledTimes(1);
    await waitFor(async () => expect((await getDb().signupDraft.get('current'))?.step).toBe(2));
  });

  it('skips push when the browser cannot do it, straight to the living area', async () => {
    push.bridge = fakePush({ isCapable: false });
    wizardBackend(h);
    await renderSignup(h, '/signup');
    await createAccount();
    expect(await heading('Where do you live?')).toBeTruthy();
  });

  it('skips push when it was denied', async () => {
    push.bridge = fakePush({ isSubscribed: 'denied' });
    wizardBackend(h);
    await renderSignup(h, '/signup');
    await createAccount();
    expect(await heading('Where do you live?')).toBeTruthy();
  });

  it('adds an existing subscription to the new account and goes to the living area', async () => {
    const bridge = fakePush({ isSubscribed: '{"endpoint":"https://push.example/1"}' });
    push.bridge = bridge;
    wizardBackend(h);
    await renderSignup(h, '/signup');
    await createAccount();
    expect(await heading('Where do you live?')).toBeTruthy();
    // Once on mount, once logged in (the bridge re-sends a live subscription to the account).
    expect(bridge.refresh).toHaveBeenCalledTimes(2);
  });
});

describe('skip rules', () => {
  it('starts a logged-in member with a photo at the living area', async () => {
    await member(newcomer({ main_image: { id: 1, thumb_filename: 'a.jpg' } }));
    await renderSignup(h, '/signup');
    expect(await heading('Where do you live?')).toBeTruthy();
  });

  it('starts a logged-in member with a city at the personal details', async () => {
    push.bridge = fakePush({ isSubscribed: 'denied' });
    await member(newcomer({ city: 'Utrecht' }));
    await renderSignup(h, '/signup');
    expect(await heading('Tell us a little about yourself')).toBeTruthy();
  });

  it('moves past steps the profile already has', async () => {
    await member(newcomer({ gender: 'female' }), 3);
    await renderSignup(h, '/signup');
    expect(await heading('Where do you live?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue without location' }));
    expect(await heading('About you')).toBeTruthy(); // step 4 skipped: gender is known
  });

  it('resumes a reload at the step kept in the draft', async () => {
    await member(newcomer(), 4);
    await renderSignup(h, '/signup');
    expect(await heading('Tell us a little about yourself')).toBeTruthy();
  });

  it('sends a member who finished to the members', async () => {
    await member(newcomer({ lastSignupStep: true }));
    const { router } = await renderSignup(h, '/signup', { next: ['/members'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'));
  });
});

describe('saving steps', () => {
  it('refuses a file that is not a photo, and uploads a photo with progress', async () => {
    await member(newcomer(), 2);
    await renderSignup(h, '/signup');
    await heading('Add a profile photo');
    const input = screen.getByTestId('photo-input');
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(
      await screen.findByText('This file is not a photo. Please choose a PNG or JPEG image.'),
    ).toBeTruthy();

    const drop = screen.getByTestId('photo-drop');
    fireEvent.dragOver(drop, { dataTransfer: { files: [], dropEffect: 'none' } });
    expect(drop.className).toContain('is-dragging');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', {
      type: 'image/png',
    });
    fireEvent.drop(drop, { dataTransfer: { files: [png] } });
    expect(await screen.findByAltText('Preview of your photo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save photo' }));
    expect(await heading('Where do you live?')).toBeTruthy();
    expect(h.backend.count('POST /api/profileimage.php')).toBe(1);
  });

  it('keeps a step saved offline on the device, says so, and sends it when back online', async () => {
    await member(newcomer(), 3);
    await renderSignup(h, '/signup');
    await heading('Where do you live?');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'NL' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Utrecht' } });
    h.backend.override('PUT /api/user.php', 'network-error');
    fireEvent.click(screen.getByRole('button', { name: 'Save living area' }));

    expect(await heading('Tell us a little about yourself')).toBeTruthy();
    expect(
      await screen.findByText(
        'Saved on this device. It will be sent as soon as you are back online.',
      ),
    ).toBeTruthy();
    const draft = await getDb().signupDraft.get('current');
    expect(draft?.pending).toEqual(['location']);
    expect(draft?.location).toEqual({ country: 'NL', countryregion: null, city: 'Utrecht' });

    h.backend.override('PUT /api/user.php', () => ({ body: { user: h.backend.user } }));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(/Saved on this device/)).toBeNull());
    expect(h.backend.last('PUT /api/user.php')?.body).toEqual({
      country: 'NL',
      countryregion: null,
      city: 'Utrecht',
    });
  });

  it('shows a refusal at the step it belongs to and stays there', async () => {
    await member(newcomer(), 2);
    h.backend.override('POST /api/profileimage.php', {
      status: 413,
      body: {
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'Big',
        key: 'upload.too_large',
      },
    });
    await renderSignup(h, '/signup');
    await heading('Add a profile photo');
    const png = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [png] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save photo' }));
    expect(
      await screen.findByText('This photo is too large. Please choose one of at most 10 MB.'),
    ).toBeTruthy();
    expect(step()).toBe('2');
  });

  it('validates the date of birth and saves the personal details', async () => {
    await member(newcomer(), 4);
    await renderSignup(h, '/signup');
    await heading('Tell us a little about yourself');
    fireEvent.click(screen.getByLabelText('Woman'));
    const birth = screen.getByLabelText('Date of birth');
    fireEvent.change(birth, { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Please enter a valid date of birth. You must be at least 18 years old.',
      ),
    ).toBeTruthy();
    expect(h.backend.count('PUT /api/user.php')).toBe(0);

    fireEvent.change(birth, { target: { value: '1990-04-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await heading('About you')).toBeTruthy();
    expect(h.backend.last('PUT /api/user.php')?.body).toEqual({
      profile: { gender: 'female', date_of_birth: '1990-04-01', fields: {} },
    });
  });

  it('marks the last sign-up step also when the member continues without a text', async () => {
    await member(newcomer(), 5);
    await renderSignup(h, '/signup');
    await heading('About you');
    fireEvent.click(screen.getByRole('button', { name: 'Continue without' }));
    expect(await heading('One moment, please')).toBeTruthy();
    expect(h.backend.last('PUT /api/user.php')?.body).toEqual({
      profile: { personal: null, notes: {}, lastSignupStep: true },
    });
  });
});

describe('completion', () => {
  it('announces the finished flow, clears the draft and shows the way on', async () => {
    const user = { ...newcomer(), mailprovider: 2 };
    await member(user, 6);
    h.backend.override('GET /api/activate.php', { body: { delivered: true } });
    const complete = vi.fn();
    window.addEventListener(SIGNUP_COMPLETE_EVENT, complete);
    await renderSignup(h, '/signup');
    expect(await heading('Check your inbox')).toBeTruthy();
    expect(complete).toHaveBeenCalledTimes(1);
    window.removeEventListener(SIGNUP_COMPLETE_EVENT, complete);
    await waitFor(async () => expect(await getDb().signupDraft.get('current')).toBeUndefined());

    const main = within(screen.getByRole('main'));
    expect(main.getByText('anna@example.com')).toBeTruthy();
    expect(main.getByRole('link', { name: 'Change your email address' }).getAttribute('href')).toBe(
      '/notifications#email-change-incorrect',
    );
    expect(main.getByRole('link', { name: 'Open Gmail' }).getAttribute('href')).toContain(
      'https://mail.google.com/',
    );
    // The members who fit come first, to like at once (issue 14), then the members area.
    expect(main.getByRole('link', { name: 'Discover members' }).getAttribute('href')).toBe(
      '/signup-matches',
    );
  });
});

describe('/complete-signup', () => {
  it('sends a visitor to log in first', async () => {
    const { router } = await renderSignup(h, '/complete-signup', { next: ['/login'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fcomplete-signup');
  });

  it('continues an unfinished wizard at the right step', async () => {
    await member(newcomer({ main_image: { id: 1, thumb_filename: 'a.jpg' } }));
    const { router } = await renderSignup(h, '/complete-signup', { next: ['/signup'] });
    expect(await heading('Where do you live?')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('sends a member who finished to the members', async () => {
    await member(newcomer({ lastSignupStep: true }));
    const { router } = await renderSignup(h, '/complete-signup', { next: ['/members'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'));
  });
});
