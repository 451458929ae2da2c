/** Sign-up wizard step 0 and the invite-only message (SPEC §2.4, §4, §5, §6). */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { freshDbForNextTest } from './helpers/db-per-test';
import { TRAFFIC_SOURCE_KEY } from '../../src/lib/tracking';
import { demoSettings } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { createHarness } from './helpers/sync-harness';
import {
  denyGeolocation,
  fakePush,
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
  sessionStorage.clear();
  h = createHarness({ db: getDb() });
  worker.current = h.api;
  push.bridge = fakePush();
});
afterEach(() => {
  cleanup();
  h.sync.stop();
});

const email = () => screen.findByLabelText('Email');

async function fillAccount(address: string, name: string, password: string) {
  fireEvent.change(await email(), { target: { value: address } });
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('invite only', () => {
  it('replaces the wizard when sign-ups are off, with links to members and login', async () => {
    await renderSignup(h, '/signup', { settings: { ...demoSettings(), signups: 'off' } });
    expect(await screen.findByRole('heading', { name: 'Sign-ups are by invitation' })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Browse members' }).getAttribute('href')).toBe(
      '/members',
    );
    expect(main.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('needs a traffic source when sign-ups are with_trafficsource', async () => {
    const settings = { ...demoSettings(), signups: 'with_trafficsource' as const };
    await renderSignup(h, '/signup', { settings });
    expect(await screen.findByRole('heading', { name: 'Sign-ups are by invitation' })).toBeTruthy();
    cleanup();

    await renderSignup(h, '/signup?network=partner-7', { settings });
    expect(await email()).toBeTruthy();
    expect(sessionStorage.getItem(TRAFFIC_SOURCE_KEY)).toBe('partner-7');
    cleanup();

    // Remembered for the tab: the source still counts without the parameter.
    await renderSignup(h, '/signup', { settings });
    expect(await email()).toBeTruthy();
  });
});

describe('account step', () => {
  it('explains empty and malformed fields without calling the server', async () => {
    wizardBackend(h);
    await renderSignup(h, '/signup');
    fireEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('Value is required')).toHaveLength(3);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna@' } });
    expect(await screen.findByText('Value is not a valid email address')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '@anna' } });
    expect(await screen.findByText('Your name cannot start with @.')).toBeTruthy();
    expect(h.backend.count('POST /api/user.php')).toBe(0);
    expect(h.backend.count('GET /api/validate_email.php')).toBe(0);
  });

  it('validates lazily: nothing is shown while typing the first time', async () => {
    wizardBackend(h);
    await renderSignup(h, '/signup');
    const input = await email();
    fireEvent.change(input, { target: { value: 'anna' } });
    expect(screen.queryByText('Value is not a valid email address')).toBeNull();
    fireEvent.blur(input);
    expect(await screen.findByText('Value is not a valid email address')).toBeTruthy();
  });

  it('fills the name from the email until the member types one', async () => {
    wizardBackend(h);
    await renderSignup(h, '/signup');
    fireEvent.change(await email(), { target: { value: 'anna.smit@example.com' } });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('anna.smit');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Anna' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna@example.com' } });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Anna');
  });

  it('suggests a corrected address as a button that fills it in', async () => {
    wizardBackend(h);
    await renderSignup(h, '/signup');
    fireEvent.change(await email(), { target: { value: 'anna@gmial.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Did you mean anna@gmail.com?' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@gmail.com');
    expect(screen.queryByRole('button', { name: /Did you mean/ })).toBeNull();
  });

  it('checks the address on the server and offers login for an existing account', async () => {
    const { statuses } = wizardBackend(h);
    statuses.set('taken@example.com', 'active');
    await renderSignup(h, '/signup');
    fireEvent.change(await email(), { target: { value: 'taken@example.com' } });
    const message = await screen.findByText(/There is already an account/);
    expect(within(message).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(h.backend.last('GET /api/validate_email.php')?.query.get('email')).toBe(
      'taken@example.com',
    );
  });

  it('points a deleted account to the service page and shows invalid after leaving the field', async () => {
    const { statuses } = wizardBackend(h);
    statuses.set('gone@example.com', 'deleted');
    statuses.set('bad@example.com', 'invalid');
    await renderSignup(h, '/signup');
    fireEvent.change(await email(), { target: { value: 'gone@example.com' } });
    const message = await screen.findByText(/was deleted/);
    expect(
      within(message).getByRole('link', { name: 'Contact customer service' }).getAttribute('href'),
    ).toBe('/pages/service');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bad@example.com' } });
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
  });

  it('does not create an account for an address that is taken', async () => {
    const { statuses } = wizardBackend(h);
    statuses.set('taken@example.com', 'not_confirmed');
    await renderSignup(h, '/signup');
    await fillAccount('taken@example.com', 'Anna', 'a long secret');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/There is already an account/)).toBeTruthy();
    expect(h.backend.count('POST /api/user.php')).toBe(0);
  });

  it('creates the account once however often it is submitted, with the SPEC payload', async () => {
    wizardBackend(h);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const created = h.backend.overrides.get('POST /api/user.php');
    h.backend.override('POST /api/user.php', async (request) => {
      await gate;
      return typeof created === 'function' ? created(request) : created;
    });
    await renderSignup(h, '/signup?network=partner-7&profile=512');
    await fillAccount(' Anna@Example.com ', 'Anna', 'a long secret');
    const form = screen.getByRole('button', { name: 'Create account' }).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(h.backend.count('POST /api/user.php')).toBe(1));
    fireEvent.submit(form);
    release();
    await screen.findByRole('heading', { name: 'Never miss a message' });
    expect(h.backend.count('POST /api/user.php')).toBe(1);

    const body = h.backend.last('POST /api/user.php')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      email: 'Anna@Example.com',
      name: 'Anna',
      password: 'a long secret',
      trafficsource: 'partner-7',
      language: 'en',
      profile: 512,
      form_path: '/signup',
      token: 'tok-anna@example.com',
      n: navigator.userAgent,
    });
    expect(body.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(String(body.csrf)).toMatch(/^([0-9a-f]{128}|no-webcrypto)$/);
  });

  it('keeps email and name on the device when offline, never the password', async () => {
    wizardBackend(h);
    h.backend.override('GET /api/validate_email.php', 'network-error');
    await renderSignup(h, '/signup');
    await fillAccount('anna@example.com', 'Anna', 'a long secret');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/offline/i);
    const draft = await getDb().signupDraft.get('current');
    expect(draft).toMatchObject({ email: 'anna@example.com', name: 'Anna', step: 0 });
    expect(JSON.stringify(draft)).not.toContain('a long secret');

    // Back online: the same form goes through.
    wizardBackend(h);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Never miss a message' })).toBeTruthy();
  });

  it('shows a refusal of the server at its field', async () => {
    wizardBackend(h);
    h.backend.override('POST /api/user.php', {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Name must not be the email address',
        key: 'signup.name_equal_to_email',
      },
    });
    await renderSignup(h, '/signup');
    await fillAccount('anna@example.com', 'Anna', 'a long secret');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('Your name cannot be the same as your email address.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('opens the terms in a dialog', async () => {
    await renderSignup(h, '/signup');
    fireEvent.click(await screen.findByRole('link', { name: 'terms of use' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Terms of use' })).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
