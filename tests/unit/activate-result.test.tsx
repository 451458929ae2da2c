import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { setupI18n } from './helpers/i18n';
import { demoUser, renderApp } from './helpers/render-app';

const refreshUser = vi.hoisted(() => vi.fn(async () => null));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => ({ refreshUser }),
}));

beforeAll(() => setupI18n());
afterEach(() => {
  cleanup();
  refreshUser.mockClear();
});

describe('activation result pages', () => {
  it('confirms the account, leads to the members and fetches the user again', async () => {
    await renderApp('/activate/done', { user: demoUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is active' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find members' }).getAttribute('href')).toBe(
      '/members',
    );
    await waitFor(() => expect(refreshUser).toHaveBeenCalled());
  });

  it('explains a bad link and offers login and customer service', async () => {
    await renderApp('/activate/error', { user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link does not work' }),
    ).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(within(main).getByRole('link', { name: 'Customer service' }).getAttribute('href')).toBe(
      '/pages/service',
    );
    expect(refreshUser).not.toHaveBeenCalled();
  });
});
