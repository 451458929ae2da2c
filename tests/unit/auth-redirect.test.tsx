import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authDecision, loginPathFor, safeReturnPath } from '../../src/app/auth-redirect';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { setupI18n } from './helpers/i18n';
import { demoUser, renderApp } from './helpers/render-app';

// Screens reach the sync worker, which happy-dom cannot start: every call fails as offline.
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => {
  const bridge = await importOriginal<typeof Bridge>();
  const offline = () => Promise.reject(Object.assign(new Error('offline'), { kind: 'network' }));
  return { ...bridge, getSync: () => new Proxy({}, { get: () => offline }) };
});

beforeAll(() => setupI18n());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ready = { status: 'ready', user: null, loggingOut: false } as const;

describe('auth decision', () => {
  it('lets anyone through public and optional routes', () => {
    expect(authDecision('public', ready, { pathname: '/login' })).toEqual({ type: 'allow' });
    expect(authDecision('optional', ready, { pathname: '/' })).toEqual({ type: 'allow' });
  });

  it('waits for the user fetch before deciding on login-required routes', () => {
    expect(
      authDecision('default', { ...ready, status: 'loading' }, { pathname: '/chats' }),
    ).toEqual({ type: 'wait' });
  });

  it('sends logged-out visitors to /login with the full return path', () => {
    expect(
      authDecision('default', ready, { pathname: '/likes/received', search: '?x=1', hash: '#top' }),
    ).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Flikes%2Freceived%3Fx%3D1%23top',
    });
  });

  it('sends to plain /login right after a logout', () => {
    expect(authDecision('default', { ...ready, loggingOut: true }, { pathname: '/chats' })).toEqual(
      {
        type: 'redirect',
        to: '/login',
      },
    );
  });

  it('allows members', () => {
    expect(authDecision('default', { ...ready, user: demoUser() }, { pathname: '/chats' })).toEqual(
      { type: 'allow' },
    );
  });

  it('only follows return paths on this site', () => {
    expect(safeReturnPath('/chats/5')).toBe('/chats/5');
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('/login?redirect=/x')).toBeNull();
    expect(loginPathFor('/')).toBe('/login');
  });
});

describe('router', () => {
  it('redirects a logged-out visitor from /chats to /login once the user call settles', async () => {
    const app = await renderApp('/chats', { deferUser: true, next: ['/login'] });
    // The screen has loaded and the user call has left: only its answer can move the router on.
    await app.userAsked;
    await act(async () => undefined);
    expect(app.router.state.initialized).toBe(false); // still waiting
    expect(app.router.state.location.pathname).toBe('/chats');
    await act(async () => app.settleUser());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(app.router.state.location.search).toBe('?redirect=%2Fchats');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
  });

  it('lets a member open a login-required route', async () => {
    const app = await renderApp('/chats', { user: demoUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/chats');
    expect(app.container.querySelector('.page-wrapper')?.className).toBe(
      'page-wrapper template-amora is-logged-in route-chats',
    );
  });

  it('shows the 404 page with the path for unknown paths', async () => {
    const app = await renderApp('/no/such/page');
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
    expect(screen.getByTestId('error-status').textContent).toBe('404');
    expect(screen.getByText('/no/such/page')).toBeTruthy();
    expect(app.container.querySelector('.page-wrapper')?.className).toContain('route-not-found');
  });

  it('shows the 404 page when a validity rule fails', async () => {
    await renderApp('/members/abc', { user: demoUser() });
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
    expect(screen.getByText('/members/abc')).toBeTruthy();
  });

  it('serves aliases with the route of the main path', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    const app = await renderApp('/likes/m/12', { user: demoUser() });
    await waitFor(() =>
      expect(app.container.querySelector('.page-wrapper')?.className).toContain(
        'route-members-memberId',
      ),
    );
    expect(app.container.querySelector('.page-wrapper')?.className).not.toContain('route-likes ');
  });

  it('marks the index route on the page wrapper', async () => {
    const app = await renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Meet people who want to talk to you' });
    expect(app.container.querySelector('.page-wrapper')?.className).toBe(
      'page-wrapper template-amora is-logged-out route-index is-index',
    );
  });
});
