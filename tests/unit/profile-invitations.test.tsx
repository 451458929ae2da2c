/** The profile's switch for invitation pages: shows the stored choice, saves a change at once. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/shared/contract/account';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { syncError } from '../../workers/errors';
import { accountWorker } from './helpers/account-worker';
import { demoSettings, demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

/** The account fake plus setLanderOptOut, answering like the server or failing. */
async function start(user: User, fail = false) {
  const fake = accountWorker(user);
  const setLanderOptOut = vi.fn(async (optOut: boolean) => {
    if (fail) throw syncError('network', 'offline');
    return { ...user, lander_opt_out: optOut };
  });
  worker.current = new Proxy(fake.remote, {
    get: (target, key) => (key === 'setLanderOptOut' ? setLanderOptOut : Reflect.get(target, key)),
  });
  await renderApp('/profile', { user, settings: demoSettings() });
  return setLanderOptOut;
}

async function card() {
  return within(await screen.findByRole('region', { name: 'Invitation pages' }));
}

beforeAll(() => setupI18n());
afterEach(() => cleanup());

describe('own profile: invitation pages', () => {
  it('is on for a member who did not opt out, and turning it off saves lander_opt_out', async () => {
    const save = await start(demoUser({ lander_opt_out: false }));
    const toggle = (await card()).getByRole('switch', { name: 'Show me on invitation pages' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(toggle.getAttribute('aria-describedby')).toBe('invitations-help');
    fireEvent.click(toggle);
    await waitFor(() => expect(save).toHaveBeenCalledWith(true));
    expect(await screen.findByText('Saved. Your choice applies at once.')).toBeTruthy();
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
  });

  it('is off for a member who opted out, and turning it on saves that', async () => {
    const save = await start(demoUser({ lander_opt_out: true }));
    const toggle = (await card()).getByRole('switch', { name: 'Show me on invitation pages' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(save).toHaveBeenCalledWith(false));
  });

  it('keeps the stored choice and says why when saving fails', async () => {
    await start(demoUser({ lander_opt_out: false }), true);
    const section = await card();
    const toggle = section.getByRole('switch', { name: 'Show me on invitation pages' });
    fireEvent.click(toggle);
    expect(
      await section.findByText('You seem to be offline. Check your connection and try again.'),
    ).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });
});
