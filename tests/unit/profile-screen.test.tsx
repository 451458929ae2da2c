/** The own profile page: each card saves its own part, validates, and keeps input on failure. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/shared/contract/account';
import { dismissToast, getToasts } from '../../src/app/toasts/toast-store';
import type * as Bridge from '../../src/bridges/worker-bridge';
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

const settings = {
  ...demoSettings(),
  visible_profile_fields: ['relationship', 'eyes'],
  visible_profile_notes: ['looking_for'],
};

async function start(user: User = demoUser(), next?: string[]) {
  const fake = accountWorker(user);
  worker.current = fake.remote;
  const app = await renderApp('/profile', { user, settings, next });
  return { ...fake, app };
}

async function section(name: string) {
  return within(await screen.findByRole('region', { name }));
}

beforeAll(() => setupI18n());
afterEach(async () => {
  cleanup();
  getToasts().forEach((t) => dismissToast(t.id));
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
});

describe('own profile: about you', () => {
  it('saves name, gender and date of birth in one body and says so', async () => {
    const { calls } = await start();
    const card = await section('About you');
    fireEvent.change(card.getByLabelText('Name'), { target: { value: '  Anna ' } });
    fireEvent.change(card.getByLabelText('Gender'), { target: { value: 'male' } });
    fireEvent.change(card.getByLabelText('Date of birth'), { target: { value: '1985-03-04' } });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.updateUser).toHaveBeenCalledWith({
        profile: { name: 'Anna', gender: 'male', date_of_birth: '1985-03-04' },
      }),
    );
    await waitFor(() =>
      expect(getToasts().map((t) => t.body)).toContain('Your details have been saved'),
    );
  });

  it('refuses a date of birth under 18 with the SPEC message, before any call', async () => {
    const { calls } = await start();
    const card = await section('About you');
    const year = new Date().getUTCFullYear() - 10;
    const input = card.getByLabelText('Date of birth');
    fireEvent.change(input, { target: { value: `${year}-01-01` } });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    expect(
      await card.findByText(
        'Please enter a valid date of birth. You must be at least 18 years old.',
      ),
    ).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('-error');
    expect(calls.updateUser).not.toHaveBeenCalled();
  });

  it('puts a server name error under the name field', async () => {
    const { calls } = await start();
    calls.updateUser.mockRejectedValueOnce({
      kind: 'http',
      status: 400,
      key: 'signup.name_starts_with_at',
      message: 'Name must not start with @',
    });
    const card = await section('About you');
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText('Your name cannot start with @.')).toBeTruthy();
    expect(card.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps what was typed and says the member is offline when the save cannot leave', async () => {
    const { calls } = await start();
    calls.updateUser.mockRejectedValueOnce({ kind: 'network', message: 'Failed to fetch' });
    const card = await section('About you');
    fireEvent.change(card.getByLabelText('Name'), { target: { value: 'Annabel' } });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    expect((await card.findByRole('alert')).textContent).toMatch(/offline/i);
    expect((card.getByLabelText('Name') as HTMLInputElement).value).toBe('Annabel');
  });
});

describe('own profile: details, text, area and language', () => {
  it('sends every visible field, empty ones as "" so the server forgets them', async () => {
    const { calls } = await start();
    const card = await section('Details');
    fireEvent.change(await card.findByLabelText('Relationship'), { target: { value: 'single' } });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.updateUser).toHaveBeenCalledWith({
        profile: { fields: { relationship: 'single', eyes: '' } },
      }),
    );
  });

  it('saves the about-me text with the notes; the about-me box is 150px high', async () => {
    const { calls } = await start();
    const card = await section('In your own words');
    const about = card.getByRole('textbox', { name: 'About me' });
    expect(about.className).toContain('profile-notes-input');
    fireEvent.change(about, { target: { value: 'I love hiking.' } });
    fireEvent.change(card.getByLabelText('Looking for'), { target: { value: 'Someone kind' } });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.updateUser).toHaveBeenCalledWith({
        profile: { personal: 'I love hiking.', notes: { looking_for: 'Someone kind' } },
      }),
    );
  });

  it('saves the living area as country, region and city', async () => {
    const { calls } = await start();
    const card = await section('Where you live');
    fireEvent.change(card.getByLabelText('City or town'), { target: { value: 'Amersfoort' } });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.updateUser).toHaveBeenCalledWith({
        country: 'NL',
        countryregion: 1,
        city: 'Amersfoort',
      }),
    );
  });

  it('resets the region when the country changes and requires a country', async () => {
    const user = demoUser();
    const { calls } = await start({
      ...user,
      profile: { ...user.profile, country: null, countryregion: null },
    });
    const card = await section('Where you live');
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText('Please choose a country.')).toBeTruthy();
    fireEvent.change(card.getByLabelText('Country'), { target: { value: 'BE' } });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.updateUser).toHaveBeenCalledWith({
        country: 'BE',
        countryregion: null,
        city: 'Utrecht',
      }),
    );
  });

  it('saves the language and switches the interface to it', async () => {
    const { calls } = await start();
    const card = await section('Language');
    fireEvent.change(card.getByLabelText('Language'), { target: { value: 'nl' } });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.updateUser).toHaveBeenCalledWith({ profile: { language: 'nl' } }),
    );
    await waitFor(() => expect(i18next.language).toBe('nl'));
  });
});

describe('own profile: photos', () => {
  const withPhotos = () => {
    const user = demoUser();
    const images = [
      { id: 11, thumb_filename: 'a-thumb.jpg' },
      { id: 12, thumb_filename: 'b-thumb.jpg' },
    ];
    return { ...user, profile: { ...user.profile, images, main_image: images[0] ?? null } };
  };

  it('marks the main photo and makes another one main', async () => {
    const { calls } = await start(withPhotos());
    const card = await section('Photos');
    expect(card.getByText('Main photo')).toBeTruthy();
    expect(card.getByAltText('Your main photo').getAttribute('src')).toBe('/uploads/a-thumb.jpg');
    expect(card.queryByRole('button', { name: 'Make photo 1 your main photo' })).toBeNull();
    fireEvent.click(card.getByRole('button', { name: 'Make photo 2 your main photo' }));
    await waitFor(() => expect(calls.setMainProfileImage).toHaveBeenCalledWith(12));
  });

  it('asks before deleting a photo', async () => {
    const { calls } = await start(withPhotos());
    const card = await section('Photos');
    fireEvent.click(card.getByRole('button', { name: 'Delete photo 2' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this photo?')).toBeTruthy();
    expect(calls.deleteProfileImage).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(calls.deleteProfileImage).toHaveBeenCalledWith(12));
  });

  it('uploads a chosen photo with a progress listener and refuses other files', async () => {
    const { calls, app } = await start();
    await section('Photos');
    const input = app.container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    const text = new File(['hi'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [photo, text] } });
    await waitFor(() => expect(calls.uploadProfileImage).toHaveBeenCalledTimes(1));
    const [sent, progress] = calls.uploadProfileImage.mock.calls[0] ?? [];
    expect(sent).toMatchObject({ name: 'me.jpg', type: 'image/jpeg' });
    expect((sent as { bytes: ArrayBuffer }).bytes.byteLength).toBe(3);
    expect(typeof progress).toBe('function');
    expect(
      await screen.findByText(
        'This file could not be used. Choose a PNG or JPEG photo of at most 10 MB.',
      ),
    ).toBeTruthy();
  });
});

describe('own profile: password', () => {
  const fill = (card: ReturnType<typeof within>, current: string, next: string, repeat = next) => {
    fireEvent.change(card.getByLabelText('Current password'), { target: { value: current } });
    fireEvent.change(card.getByLabelText('New password'), { target: { value: next } });
    fireEvent.change(card.getByLabelText('Repeat new password'), { target: { value: repeat } });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
  };
  const value = (card: ReturnType<typeof within>, label: string) =>
    (card.getByLabelText(label) as HTMLInputElement).value;

  it('changes the password with the current one, says so and clears the fields', async () => {
    const { calls } = await start();
    const card = await section('Password');
    expect(card.getByLabelText('Current password').getAttribute('autocomplete')).toBe(
      'current-password',
    );
    expect(card.getByLabelText('New password').getAttribute('autocomplete')).toBe('new-password');
    fill(card, 'old secret', 'new secret 42');
    await waitFor(() =>
      expect(calls.changePassword).toHaveBeenCalledWith('old secret', 'new secret 42'),
    );
    await waitFor(() =>
      expect(getToasts().map((t) => t.body)).toContain('Your password has been changed'),
    );
    for (const label of ['Current password', 'New password', 'Repeat new password']) {
      expect(value(card, label)).toBe('');
    }
  });

  it('checks the fields before any call', async () => {
    const { calls } = await start();
    const card = await section('Password');
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText('Please enter your current password.')).toBeTruthy();
    expect(card.getByText('Please enter a new password.')).toBeTruthy();

    fill(card, 'old secret', 'new secret 42', 'new secret 24');
    expect(await card.findByText('The passwords do not match.')).toBeTruthy();
    expect(card.getByLabelText('Repeat new password').getAttribute('aria-invalid')).toBe('true');

    fill(card, 'old secret', 'old secret');
    expect(
      await card.findByText(
        'Your new password is the same as your current one. Please choose a different one.',
      ),
    ).toBeTruthy();
    expect(calls.changePassword).not.toHaveBeenCalled();
  });

  it('puts a wrong current password and a common new one under their fields, keeping the input', async () => {
    const { calls } = await start();
    const refuse = (key: string) => ({ kind: 'http', status: 400, key, message: key });
    calls.changePassword
      .mockRejectedValueOnce(refuse('account_errors.wrong_password'))
      .mockRejectedValueOnce(refuse('account_errors.password_too_common'));
    const card = await section('Password');
    fill(card, 'not it', 'new secret 42');
    expect(await card.findByText('The password is not correct.')).toBeTruthy();
    expect(card.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(value(card, 'New password')).toBe('new secret 42');

    fill(card, 'old secret', 'password1');
    expect(
      await card.findByText(
        'This password is too common and easy to guess. Please choose another one.',
      ),
    ).toBeTruthy();
    expect(card.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(card.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('false');
    expect(getToasts()).toEqual([]);
  });

  it('says the member is offline when the change cannot leave', async () => {
    const { calls } = await start();
    calls.changePassword.mockRejectedValueOnce({ kind: 'network', message: 'Failed to fetch' });
    const card = await section('Password');
    fill(card, 'old secret', 'new secret 42');
    expect((await card.findByRole('alert')).textContent).toMatch(/offline/i);
    expect(value(card, 'Current password')).toBe('old secret');
  });

  it('shows and hides what was typed', async () => {
    await start();
    const card = await section('Password');
    const field = card.getByLabelText('New password');
    expect(field.getAttribute('type')).toBe('password');
    const toggle = card.getAllByRole('button', { name: 'Show' })[1];
    if (!toggle) throw new Error('no show button');
    expect(toggle.getAttribute('aria-controls')).toBe(field.id);
    fireEvent.click(toggle);
    expect(field.getAttribute('type')).toBe('text');
    fireEvent.click(card.getByRole('button', { name: 'Hide' }));
    expect(field.getAttribute('type')).toBe('password');
  });

  it('still mails a reset link to the own address for a forgotten current password', async () => {
    const { calls } = await start();
    const card = await section('Password');
    expect(card.getByText(/Forgot your current password\?/)).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Email me a reset link' }));
    await waitFor(() =>
      expect(calls.requestPasswordReset).toHaveBeenCalledWith('demo@example.com'),
    );
    expect(await card.findByText(/We have sent a link to demo@example.com/)).toBeTruthy();
    expect(card.getByRole('button', { name: 'Send the link again' })).toBeTruthy();
    expect(calls.changePassword).not.toHaveBeenCalled();
  });
});

describe('own profile: email and deletion', () => {
  it('shows the address waiting for confirmation, so it is still there after a reload', async () => {
    await start(demoUser({ pending_email: 'later@example.com' }));
    const card = await section('Email address');
    expect(
      card.getByText('Waiting for confirmation of later@example.com — check that inbox.'),
    ).toBeTruthy();
    expect(card.getByText('demo@example.com')).toBeTruthy();
  });

  it('changes the address of an active account with the password and says to check the new inbox', async () => {
    const { calls } = await start();
    calls.changeEmail.mockResolvedValueOnce({
      user: demoUser({ pending_email: 'new@example.com' }),
      pending_email: 'new@example.com',
    });
    const card = await section('Email address');
    fireEvent.change(card.getByLabelText('New email address'), {
      target: { value: 'New@Example.com' },
    });
    fireEvent.click(card.getByRole('button', { name: 'Change email address' }));
    expect(await card.findByText('Please enter your password to confirm.')).toBeTruthy();
    expect(calls.changeEmail).not.toHaveBeenCalled();
    fireEvent.change(card.getByLabelText('Your password'), { target: { value: 'secret' } });
    fireEvent.click(card.getByRole('button', { name: 'Change email address' }));
    await waitFor(() =>
      expect(calls.changeEmail).toHaveBeenCalledWith('new@example.com', 'secret'),
    );
    expect(await card.findByText('Check your new inbox')).toBeTruthy();
    expect(card.getByText(/We sent a confirmation link to new@example.com/)).toBeTruthy();
    // The fresh answer already says where the link went; the waiting line would repeat it.
    expect(card.queryByText(/Waiting for confirmation/)).toBeNull();
  });

  it('shows a wrong password under the password field', async () => {
    const { calls } = await start();
    calls.changeEmail.mockRejectedValueOnce({
      kind: 'http',
      status: 400,
      key: 'account_errors.wrong_password',
      message: 'Wrong password',
    });
    const card = await section('Email address');
    fireEvent.change(card.getByLabelText('New email address'), {
      target: { value: 'new@example.com' },
    });
    fireEvent.change(card.getByLabelText('Your password'), { target: { value: 'nope' } });
    fireEvent.click(card.getByRole('button', { name: 'Change email address' }));
    expect(await card.findByText('The password is not correct.')).toBeTruthy();
    expect(card.getByLabelText('Your password').getAttribute('aria-invalid')).toBe('true');
  });

  it('deletes the account after the password, then says goodbye', async () => {
    const { calls, app } = await start(demoUser(), ['/account-deleted']);
    calls.deleteAccount.mockRejectedValueOnce({
      kind: 'http',
      status: 400,
      key: 'account_errors.wrong_password',
      message: 'Wrong password',
    });
    const card = await section('Delete account');
    fireEvent.click(card.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(await dialog.findByText('Please enter your password.')).toBeTruthy();
    expect(calls.deleteAccount).not.toHaveBeenCalled();

    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(await dialog.findByText('The password is not correct.')).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/profile');

    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/account-deleted'));
    expect(calls.deleteAccount).toHaveBeenLastCalledWith('secret');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' }),
    ).toBeTruthy();
    expect(app.session.getState().user).toBeNull();
  });
});
