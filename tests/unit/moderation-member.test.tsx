/** /moderation/members/{id}: the member's file, the reports in context, the log and the dialogs. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MODERATION_REASON_MAX } from '../../src/shared/contract/moderation';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { auditEntry, memberFile, moderatedMember } from './helpers/moderation-fixtures';
import { consoleWorker } from './helpers/moderation-worker';
import { renderApp } from './helpers/render-app';

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

async function start(answers: Parameters<typeof consoleWorker>[0] = {}) {
  const { calls, remote } = consoleWorker(answers);
  worker.current = remote;
  await renderApp('/moderation/members/22', { user: demoUser({ moderator: true }) });
  return calls;
}

/** Opens the dialog of a member action and answers its text field. */
async function openDialog(button: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog');
  return within(dialog);
}

beforeAll(() => setupI18n());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the member’s file', () => {
  it('shows the member, their photos with what others see, and asks the server for that member', async () => {
    const calls = await start();
    const card = within(
      (await screen.findByRole('heading', { level: 1, name: 'Sam' })).closest(
        'section',
      ) as HTMLElement,
    );
    expect(calls.moderatedMember).toHaveBeenCalledWith(22);
    expect(card.getByText('Active')).toBeTruthy();
    expect(card.getByText(/34 years old · Man · Utrecht, Netherlands/)).toBeTruthy();
    expect(card.getByText('I like long walks.')).toBeTruthy();
    expect(card.getByText('Visible')).toBeTruthy();
    expect(card.getByText('Waiting for review')).toBeTruthy();
    // A visible photo can be hidden; a waiting one approved or hidden.
    expect(card.queryByRole('button', { name: 'Approve photo 301 of Sam' })).toBeNull();
    expect(card.getByRole('button', { name: 'Hide photo 301 of Sam' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Approve photo 302 of Sam' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the queue' }).getAttribute('href')).toBe(
      '/moderation',
    );
  });

  it('shows a ban in force with its reason, and offers to lift it instead of banning', async () => {
    await start({
      member: memberFile({
        member: moderatedMember({
          status: 'banned',
          search_hidden: true,
          ban: { reason: 'Scam messages', since: '2026-11-21T08:00:00.000Z' },
        }),
      }),
    });
    expect(await screen.findByText('Scam messages')).toBeTruthy();
    expect(screen.getByText(/^Banned since /)).toBeTruthy();
    expect(screen.getByText('Hidden from search')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lift ban' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show in search' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ban' })).toBeNull();
  });

  it('shows a chat report with the conversation, the reported member’s messages marked', async () => {
    await start();
    const reports = within(
      (await screen.findByRole('heading', { name: /Reports about Sam/ }))
        .parentElement as HTMLElement,
    );
    const own = reports.getByText('Leave me alone, idiot.').closest('li') as HTMLElement;
    const theirs = reports.getByText('Hi Sam, how are you?').closest('li') as HTMLElement;
    expect(own.className).toContain('is-reported');
    expect(within(own).getByText('Reported member')).toBeTruthy();
    expect(theirs.className).toContain('is-reporter');
    expect(within(theirs).getByText('Alex')).toBeTruthy();
  });

  it('lists the audit log: what, who, when and why', async () => {
    await start({
      member: memberFile({
        audit: [
          auditEntry({ id: 502, action: 'hide_photo', reason: '', image_id: 302 }),
          auditEntry(),
        ],
      }),
    });
    const log = within(
      (await screen.findByRole('heading', { name: /Audit log/ })).parentElement as HTMLElement,
    );
    const [hidden, warned] = log.getAllByRole('listitem');
    expect(hidden!.textContent).toContain('Photo hidden');
    expect(hidden!.textContent).toContain('Photo 302');
    expect(hidden!.textContent).toContain('No reason given.');
    expect(warned!.textContent).toContain('Warned');
    expect(warned!.textContent).toContain('by Mia');
    expect(warned!.textContent).toContain('Be polite in chats.');
    expect(warned!.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-11-21T09:30:00.000Z',
    );
  });

  it('says so when the member does not exist', async () => {
    const calls = await start();
    calls.moderatedMember.mockRejectedValueOnce({
      kind: 'http',
      status: 404,
      key: 'moderation.errors.not_found',
      message: 'No such member',
    });
    expect(
      await screen.findByText('This member, report or photo does not exist (any more).'),
    ).toBeTruthy();
  });
});

describe('actions and their dialogs', () => {
  it('will not warn without a reason, then warns with it and loads the member again', async () => {
    const calls = await start();
    const dialog = await openDialog('Warn');
    fireEvent.click(dialog.getByRole('button', { name: 'Warn' }));
    expect(dialog.getByText('Please give a reason: the member reads it.')).toBeTruthy();
    expect(calls.moderate).not.toHaveBeenCalled();

    fireEvent.change(dialog.getByLabelText('Reason (the member reads it)'), {
      target: { value: '  Be polite in chats. ' },
    });
    expect(dialog.queryByText('Please give a reason: the member reads it.')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Warn' }));
    await waitFor(() =>
      expect(calls.moderate).toHaveBeenCalledWith({
        action: 'warn',
        member: 22,
        reason: 'Be polite in chats.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls.moderatedMember).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Sam was warned by e-mail.')).toBeTruthy();
  });

  it('refuses a reason longer than the server takes', async () => {
    const calls = await start();
    const dialog = await openDialog('Warn');
    fireEvent.change(dialog.getByLabelText('Reason (the member reads it)'), {
      target: { value: 'x'.repeat(MODERATION_REASON_MAX + 1) },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Warn' }));
    expect(dialog.getByText('The reason is too long: please shorten it.')).toBeTruthy();
    expect(calls.moderate).not.toHaveBeenCalled();
  });

  it('asks once more before a ban, showing the reason the member will see', async () => {
    const calls = await start();
    const dialog = await openDialog('Ban');
    expect(dialog.getByText(/logged out on every device/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Ban' }));
    expect(dialog.getByText('Please give a reason: the member reads it.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Reason (the member reads it)'), {
      target: { value: 'Scam messages' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Ban' }));
    expect(dialog.getByText('Ban Sam now?')).toBeTruthy();
    expect(dialog.getByText('Scam messages')).toBeTruthy();
    expect(calls.moderate).not.toHaveBeenCalled();
    // Back keeps what was typed.
    fireEvent.click(dialog.getByRole('button', { name: 'Back' }));
    expect(
      (dialog.getByLabelText('Reason (the member reads it)') as HTMLTextAreaElement).value,
    ).toBe('Scam messages');
    fireEvent.click(dialog.getByRole('button', { name: 'Ban' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Yes, ban now' }));
    await waitFor(() =>
      expect(calls.moderate).toHaveBeenCalledWith({
        action: 'ban',
        member: 22,
        reason: 'Scam messages',
      }),
    );
  });

  it('hides a profile with an optional note for the log', async () => {
    const calls = await start();
    const dialog = await openDialog('Hide from search');
    expect(dialog.getByLabelText('Note for the audit log (optional)')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Hide from search' }));
    await waitFor(() =>
      expect(calls.moderate).toHaveBeenCalledWith({
        action: 'hide_profile',
        member: 22,
        reason: '',
      }),
    );
  });

  it('shows the server’s refusal in the dialog, in words', async () => {
    const calls = await start();
    calls.moderate.mockRejectedValueOnce({
      kind: 'auth',
      status: 403,
      key: 'moderation.errors.self',
      message: 'Moderators cannot act on themselves',
    });
    const dialog = await openDialog('Warn');
    fireEvent.change(dialog.getByLabelText('Reason (the member reads it)'), {
      target: { value: 'Test' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Warn' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'You cannot moderate your own account.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(calls.moderatedMember).toHaveBeenCalledTimes(1);
  });

  it('dismisses one report and hides one photo from the member view', async () => {
    const calls = await start();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(calls.moderate).toHaveBeenCalledWith({ action: 'dismiss', member: 22, complaint: 11 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hide photo 302 of Sam' }));
    await waitFor(() =>
      expect(calls.moderate).toHaveBeenLastCalledWith({
        action: 'hide_photo',
        member: 22,
        image: 302,
      }),
    );
  });
});
