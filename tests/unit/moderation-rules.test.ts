/** The console's plain rules, and the worker's console calls: sent as the contract says, never stored. */
import { describe, expect, it } from 'vitest';
import { MODERATION_REASON_MAX } from '../../src/shared/contract/moderation';
import {
  failureKey,
  formatAge,
  isConsoleGone,
  reasonKey,
  reasonProblem,
} from '../../src/features/moderation/moderation-view';
import { demoUser } from './helpers/fixtures';
import { memberFile, queue } from './helpers/moderation-fixtures';
import { createHarness } from './helpers/sync-harness';

describe('labels and ages', () => {
  it('names a report’s reason with the chat’s words and a complaint’s with the form’s', () => {
    expect(reasonKey({ kind: 'report', reason: 'harassment' })).toBe('chat.reasons.harassment');
    expect(reasonKey({ kind: 'complaint', reason: 'photo_consent' })).toBe(
      'complaints.categories.photo_consent',
    );
    // A value this page does not know is shown as it came.
    expect(reasonKey({ kind: 'report', reason: 'photo_consent' })).toBeNull();
    expect(reasonKey({ kind: 'complaint', reason: 'spam' })).toBeNull();
  });

  it('says how long a report waits in the largest whole unit, in the interface language', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(formatAge('2026-11-22T11:59:30Z', 'en', now)).toBe('now');
    expect(formatAge('2026-11-22T11:15:00Z', 'en', now)).toBe('45 minutes ago');
    expect(formatAge('2026-11-22T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatAge('2026-11-20T12:00:00Z', 'en', now)).toBe('2 days ago');
    expect(formatAge('2026-11-21T12:00:00Z', 'de', now)).toBe('gestern');
    expect(formatAge('2026-11-20T12:00:00Z', 'pl', now)).toBe('przedwczoraj');
    expect(formatAge('not a date', 'en', now)).toBe('');
  });
});

describe('what an action needs', () => {
  it('asks a reason for warn and ban only, and none may be longer than the server takes', () => {
    expect(reasonProblem('warn', '   ')).toBe('moderation.errors.reason');
    expect(reasonProblem('ban', '')).toBe('moderation.errors.reason');
    expect(reasonProblem('ban', 'Scam messages')).toBeNull();
    expect(reasonProblem('unban', '')).toBeNull();
    expect(reasonProblem('hide_profile', '')).toBeNull();
    expect(reasonProblem('unban', 'x'.repeat(MODERATION_REASON_MAX))).toBeNull();
    expect(reasonProblem('unban', 'x'.repeat(MODERATION_REASON_MAX + 1))).toBe(
      'moderation.errors.reason_too_long',
    );
  });

  it('turns failures into the console’s messages, and a bare 404 into "no console here"', () => {
    const self = { kind: 'auth', status: 403, key: 'moderation.errors.self', message: 'x' };
    expect(failureKey(self)).toBe('moderation.errors.self');
    expect(failureKey({ kind: 'http', status: 409, message: 'x' })).toBe(
      'moderation.errors.conflict',
    );
    expect(failureKey({ kind: 'network', message: 'offline' })).toBe('moderation.errors.offline');
    expect(failureKey({ kind: 'http', status: 500, message: 'x' })).toBe(
      'moderation.errors.failed',
    );
    // An unknown member is a 404 with its key: the console is still there.
    const unknown = { kind: 'http', status: 404, key: 'moderation.errors.not_found', message: 'x' };
    expect(isConsoleGone(unknown)).toBe(false);
    expect(failureKey(unknown)).toBe('moderation.errors.not_found');
    // The unknown-path 404 everyone but moderators gets.
    expect(isConsoleGone({ kind: 'http', status: 404, message: 'Not found: GET /api/x' })).toBe(
      true,
    );
  });
});

describe('the worker’s console calls', () => {
  async function moderatorHarness() {
    const h = createHarness();
    h.backend.user = demoUser({ moderator: true });
    await h.api.refreshUser();
    return h;
  }

  it('loads the queue and a member and keeps nothing of them on the device', async () => {
    const h = await moderatorHarness();
    h.backend.override('GET /api/moderation.php', (request) => ({
      body: request.query.get('member') === '22' ? memberFile() : queue(),
    }));
    const rowsBefore = await h.db.kv.count();
    expect((await h.api.moderationQueue()).reports.map((r) => r.id)).toEqual([11, 12]);
    const file = await h.api.moderatedMember(22);
    expect(file.member.name).toBe('Sam');
    expect(file.reports[0]?.messages).toHaveLength(2);
    expect(h.backend.last('GET /api/moderation.php')?.query.get('member')).toBe('22');
    expect(await h.db.kv.count()).toBe(rowsBefore);
  });

  it('sends one action with a trimmed reason and an empty one when none is given', async () => {
    const h = await moderatorHarness();
    const answer = {
      member: memberFile().member,
      entry: { ...memberFile().audit[0]!, action: 'ban' as const },
    };
    h.backend.override('POST /api/moderation.php', { body: answer });
    await h.api.moderate({ action: 'ban', member: 22, reason: '  Scam messages \n' });
    expect(h.backend.last('POST /api/moderation.php')?.body).toEqual({
      action: 'ban',
      member: 22,
      reason: 'Scam messages',
    });
    await h.api.moderate({ action: 'hide_photo', member: 22, image: 302 });
    expect(h.backend.last('POST /api/moderation.php')?.body).toEqual({
      action: 'hide_photo',
      member: 22,
      image: 302,
      reason: '',
    });
  });

  it('rejects with the server’s status and key, so the page can say why', async () => {
    const h = await moderatorHarness();
    h.backend.override('POST /api/moderation.php', {
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Moderators cannot act on themselves',
        key: 'moderation.errors.self',
      },
    });
    await expect(h.api.moderate({ action: 'warn', member: 7, reason: 'x' })).rejects.toMatchObject({
      status: 403,
      key: 'moderation.errors.self',
    });
    h.backend.override('GET /api/moderation.php', {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Not found: GET /api/moderation.php' },
    });
    await expect(h.api.moderationQueue()).rejects.toMatchObject({ status: 404 });
  });
});
