import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from './helpers/i18n';
import { demoUser, renderApp } from './helpers/render-app';

beforeAll(() => setupI18n());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login screen', () => {
  it('explains invalid input with the SPEC messages before calling the server', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    await renderApp('/login');
    await fillAndSubmit('not-an-email', '');
    expect(await screen.findByText('Value is not a valid email address')).toBeTruthy();
    expect(screen.getByText('Value is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a clear message for wrong credentials', async () => {
    await renderApp('/login', {
      login: () => Promise.reject({ kind: 'auth', status: 401, message: 'Invalid login' }),
    });
    await fillAndSubmit('demo@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That email address and password do not match. Please try again.',
    );
  });

  it('says so when the member is offline', async () => {
    await renderApp('/login', {
      login: () => Promise.reject({ kind: 'network', message: 'Failed to fetch' }),
    });
    await fillAndSubmit('demo@example.com', 'amora-demo-2026');
    expect((await screen.findByRole('alert')).textContent).toMatch(/offline|connection/i);
  });

  it('goes back to the return path after logging in', async () => {
    const login = vi.fn(async () => demoUser());
    const app = await renderApp('/login?redirect=%2Fchats', { login, next: ['/chats'] });
    await fillAndSubmit('demo@example.com', 'amora-demo-2026');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/chats'));
    expect(app.session.getState().user?.email).toBe('demo@example.com');
    expect(login).toHaveBeenCalledWith('demo@example.com', 'amora-demo-2026');
  });

  it('links to password reset and sign-up', async () => {
    await renderApp('/login');
    expect((await screen.findByText('Forgot your password?')).getAttribute('href')).toBe(
      '/reset-password',
    );
    expect(screen.getByText('Sign up for free').getAttribute('href')).toBe('/signup');
  });
});
