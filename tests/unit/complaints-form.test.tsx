/** The /complaints form: checks next to the fields, member prefill, screenshot, confirmation. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/shared/contract/account';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

async function start(path: string, user: User | null = null) {
  const sendComplaint = vi.fn(
    async (_draft: unknown, _shot: unknown, progress?: (f: number) => void) => {
      progress?.(1);
      return { id: 7, reference: 'CP-000007' };
    },
  );
  const never = () => new Promise<never>(() => undefined);
  worker.current = new Proxy(
    { sendComplaint },
    {
      get: (t, key) =>
        key === 'then' ? undefined : key === 'sendComplaint' ? t.sendComplaint : never,
    },
  );
  await renderApp(path, { user });
  return sendComplaint;
}

beforeAll(async () => {
  await setupI18n();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send complaint' }));

describe('complaints form', () => {
  it('shows what is missing next to each field and sends nothing', async () => {
    const send = await start('/complaints');
    await screen.findByRole('heading', { name: 'Report a problem' });
    submit();
    expect(await screen.findByText('Please choose what your complaint is about.')).toBeTruthy();
    expect(screen.getByText('Please describe what happened.')).toBeTruthy();
    const email = screen.getByLabelText('Your e-mail address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain('-error');
    fireEvent.change(screen.getByLabelText('Member concerned (optional)'), {
      target: { value: 'that guy' },
    });
    submit();
    expect(
      await screen.findByText('Enter a member number or a profile link, such as /members/123.'),
    ).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('lets a visitor send a complaint about the member of ?member= and shows the reference', async () => {
    const send = await start('/complaints?member=42');
    const member = await screen.findByLabelText('Member concerned (optional)');
    expect((member as HTMLInputElement).value).toBe('42');
    fireEvent.change(screen.getByLabelText('What is it about?'), {
      target: { value: 'fake_profile' },
    });
    fireEvent.change(screen.getByLabelText('What happened?'), {
      target: { value: '  These are my photos.  ' },
    });
    fireEvent.change(screen.getByLabelText('Your e-mail address'), {
      target: { value: 'me@example.org' },
    });
    submit();
    expect(await screen.findByText('CP-000007')).toBeTruthy();
    expect(send).toHaveBeenCalledWith(
      {
        category: 'fake_profile',
        member: '42',
        message: '  These are my photos.  ',
        email: 'me@example.org',
        language: 'en',
      },
      null,
      expect.anything(),
    );
    expect(screen.getByText(/We sent a confirmation to me@example.org/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send another complaint' }));
    expect(((await screen.findByLabelText('What happened?')) as HTMLTextAreaElement).value).toBe(
      '',
    );
  });

  it('tells a member where replies go and places a server refusal under its field', async () => {
    const send = await start('/complaints', demoUser());
    send.mockRejectedValueOnce({
      kind: 'http',
      status: 404,
      key: 'complaints.errors.unknown_member',
      message: 'No member has this id',
    });
    expect(
      await screen.findByText(`We will reply to your account address ${demoUser().email}.`),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Your e-mail address')).toBeNull();
    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: 'abuse' } });
    fireEvent.change(screen.getByLabelText('Member concerned (optional)'), {
      target: { value: '/members/999' },
    });
    fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: 'Threats.' } });
    submit();
    const error = await screen.findByText(
      'We do not know this member. Please check the number or link.',
    );
    expect(error.id).toBe(
      screen
        .getByLabelText('Member concerned (optional)')
        .getAttribute('aria-describedby')
        ?.split(' ')[1],
    );
  });

  it('refuses a non-image screenshot and sends a chosen PNG with a preview', async () => {
    const send = await start('/complaints', demoUser());
    await screen.findByRole('heading', { name: 'Report a problem' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [text] } });
    expect(await screen.findByText('Only PNG and JPEG pictures can be added.')).toBeTruthy();
    expect(screen.queryByAltText('Preview of the chosen screenshot')).toBeNull();
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    expect(await screen.findByAltText('Preview of the chosen screenshot')).toBeTruthy();
    expect(screen.queryByText('Only PNG and JPEG pictures can be added.')).toBeNull();
    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText('What happened?'), {
      target: { value: 'See picture.' },
    });
    submit();
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(send.mock.calls[0]![1]).toMatchObject({ name: 'shot.png', type: 'image/png' });
    expect(await screen.findByText('CP-000007')).toBeTruthy();
  });
});
