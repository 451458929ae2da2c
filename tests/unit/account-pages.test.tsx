/** Password reset, e-mail change (notifications page and mailed link) and the goodbye page. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/shared/contract/account';
import { dismissToast, getToasts } from '../../src/app/toasts/toast-store';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { accountWorker } from './helpers/account-worker';
import { demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

const TOKEN = 'A'.repeat(43);

async function start(path: string, user: User | null = null, deferUser = false, next?: string[]) {
  const fake = accountWorker(user ?? demoUser());
  worker.current = fake.remote;
  return { ...fake, app: await renderApp(path, { user, deferUser, next }) };
}

beforeAll(() => setupI18n());
afterEach(() => {
  cleanup();
  getToasts().forEach((t) => dismissToast(t.id));
});

describe('reset password request', () => {
  it('checks the address, then says a link went out without telling whether the account exists', async () => {
    const { calls } = await start('/reset-password');
    const email = await screen.findByLabelText('Email address');
    fireEvent.change(email, { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Value is not a valid email address')).toBeTruthy();
    expect(calls.requestPasswordReset).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: 'Anna@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await waitFor(() =>
      expect(calls.requestPasswordReset).toHaveBeenCalledWith('anna@example.com'),
    );
    expect(
      await screen.findByText(
        'If there is an account for anna@example.com, we have sent it a link to reset your password.',
      ),
    ).toBeTruthy();
  });

  it('says so when the member is offline', async () => {
    const { calls } = await start('/reset-password');
    calls.requestPasswordReset.mockRejectedValueOnce({ kind: 'network', message: 'offline' });
    fireEvent.change(await screen.findByLabelText('Email address'), {
      target: { value: 'anna@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/offline/i);
  });
});

describe('reset password with the mailed link', () => {
  it('needs the same password twice', async () => {
    const { calls } = await start(`/reset-password/do?token=${TOKEN}`);
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'a-long-secret' },
    });
    fireEvent.change(screen.getByLabelText('Repeat new password'), {
      target: { value: 'a-long-secrex' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(screen.getByLabelText('Repeat new password').getAttribute('aria-invalid')).toBe('true');
    expect(calls.resetPassword).not.toHaveBeenCalled();
  });

  it('logs in and goes to the members with a success toast', async () => {
    // The user call stays open, as it would while the worker fetches the new session.
    const { calls, app } = await start(`/reset-password/do?token=${TOKEN}`, null, true, [
      '/members',
    ]);
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'a-long-secret' },
    });
    fireEvent.change(screen.getByLabelText('Repeat new password'), {
      target: { value: 'a-long-secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/members'));
    expect(calls.resetPassword).toHaveBeenCalledWith(TOKEN, 'a-long-secret');
    expect(app.session.getState().user?.email).toBe('demo@example.com');
    expect(getToasts().map((t) => t.body)).toContain(
      'Your password has been changed. You are now logged in.',
    );
  });

  it('explains a used or expired link and offers a new one', async () => {
    const { calls } = await start(`/reset-password/do?token=${TOKEN}`);
    calls.resetPassword.mockRejectedValueOnce({
      kind: 'http',
      status: 400,
      key: 'account_errors.reset_token_invalid',
      message: 'Invalid token',
    });
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'a-long-secret' },
    });
    fireEvent.change(screen.getByLabelText('Repeat new password'), {
      target: { value: 'a-long-secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(
      await screen.findByRole('heading', { name: 'This link does not work anymore' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/reset-password',
    );
  });

  it('refuses a link without a token before any request', async () => {
    const { calls } = await start('/reset-password/do');
    expect(
      await screen.findByRole('heading', { name: 'This link does not work anymore' }),
    ).toBeTruthy();
    expect(calls.resetPassword).not.toHaveBeenCalled();
  });

  it('shows a too common password under the field', async () => {
    const { calls } = await start(`/reset-password/do?token=${TOKEN}`);
    calls.resetPassword.mockRejectedValueOnce({
      kind: 'http',
      status: 400,
      key: 'account_errors.password_too_common',
      message: 'Too common',
    });
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'password' },
    });
    fireEvent.change(screen.getByLabelText('Repeat new password'), {
      target: { value: 'password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(/This password is too common/)).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('email change on the notifications page', () => {
  it('before activation asks only for the new address and sends the activation mail there', async () => {
    const user = demoUser({ activated: false, email: 'anna@exmaple.com' });
    const { calls } = await start('/notifications#email-change-incorrect', user);
    const card = await screen.findByRole('region', { name: 'Email address' });
    expect(card.id).toBe('email-change-incorrect');
    const field = within(card).getByLabelText('New email address');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(within(card).queryByLabelText('Your password')).toBeNull();
    expect(within(card).getByText(/Made a typo in your email address/)).toBeTruthy();

    fireEvent.change(field, { target: { value: 'anna@example.com' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Change email address' }));
    await waitFor(() => expect(calls.changeEmail).toHaveBeenCalledWith('anna@example.com'));
    expect(calls.changeEmail.mock.calls[0]).toHaveLength(1);
    expect(
      await within(card).findByText(
        'Your email address is now anna@example.com. We sent a new activation email there.',
      ),
    ).toBeTruthy();
  });

  it('after activation also asks for the password', async () => {
    await start('/notifications', demoUser());
    const card = await screen.findByRole('region', { name: 'Email address' });
    expect(within(card).getByLabelText('Your password')).toBeTruthy();
  });

  it('shows the address waiting for confirmation from the user', async () => {
    await start('/notifications', demoUser({ pending_email: 'later@example.com' }));
    const card = await screen.findByRole('region', { name: 'Email address' });
    expect(
      within(card).getByText('Waiting for confirmation of later@example.com — check that inbox.'),
    ).toBeTruthy();
  });

  it('shows an address that is taken under the field', async () => {
    const { calls } = await start('/notifications', demoUser({ activated: false }));
    calls.changeEmail.mockRejectedValueOnce({
      kind: 'http',
      status: 409,
      key: 'account_errors.email_taken',
      message: 'Taken',
    });
    const card = await screen.findByRole('region', { name: 'Email address' });
    const field = within(card).getByLabelText('New email address');
    fireEvent.change(field, { target: { value: 'taken@example.com' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Change email address' }));
    expect(
      await within(card).findByText('This email address is already used by another account.'),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('confirming a new address from the mailed link', () => {
  it('confirms once and shows the new address', async () => {
    const { calls } = await start(`/mail-change/do?token=${TOKEN}`, demoUser());
    expect(
      await screen.findByRole('heading', { name: 'Your email address has been changed' }),
    ).toBeTruthy();
    expect(screen.getByText(/From now on we will use new@example.com/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(calls.confirmMailChange).toHaveBeenCalledTimes(1);
    expect(calls.confirmMailChange).toHaveBeenCalledWith(TOKEN);
  });

  it('explains an invalid link and leads a visitor to log in', async () => {
    const { calls } = await start(`/mail-change/do?token=${'B'.repeat(43)}`);
    calls.confirmMailChange.mockRejectedValueOnce({
      kind: 'http',
      status: 400,
      key: 'account_errors.mail_token_invalid',
      message: 'Invalid',
    });
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('offers another try when the connection was gone', async () => {
    const { calls } = await start(`/mail-change/do?token=${'C'.repeat(43)}`);
    calls.confirmMailChange.mockRejectedValueOnce({ kind: 'network', message: 'offline' });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Your email address has been changed' }),
    ).toBeTruthy();
    expect(calls.confirmMailChange).toHaveBeenCalledTimes(2);
  });
});

describe('goodbye page', () => {
  it('confirms the deletion calmly and links home', async () => {
    await start('/account-deleted');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' }),
    ).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
