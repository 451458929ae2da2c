/** Contract-valid console answers: a queue and one member's file. */
import type {
  ModeratedMember,
  ModerationAuditEntry,
  ModerationMemberResponse,
  ModerationQueueResponse,
  ModerationReport,
} from '../../../src/shared/contract/moderation';

export function report(overrides: Partial<ModerationReport> = {}): ModerationReport {
  return {
    id: 11,
    kind: 'report',
    reference: null,
    created_at: '2026-11-20T10:00:00.000Z',
    reason: 'harassment',
    message: 'He keeps insulting me.',
    reporter: { id: 21, name: 'Alex' },
    contact_email: null,
    member: { id: 22, name: 'Sam' },
    has_screenshot: false,
    handled: false,
    ...overrides,
  };
}

export function moderatedMember(overrides: Partial<ModeratedMember> = {}): ModeratedMember {
  return {
    id: 22,
    name: 'Sam',
    age: 34,
    gender: 'male',
    city: 'Utrecht',
    country: 'NL',
    personal: 'I like long walks.',
    status: 'active',
    search_hidden: false,
    moderator: false,
    signup_date: '2026-03-04',
    photos: [
      { id: 301, thumb_filename: 't301.jpg', filename: 'f301.jpg', review: 'approved' },
      { id: 302, thumb_filename: 't302.jpg', filename: 'f302.jpg', review: 'pending' },
    ],
    ban: null,
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<ModerationAuditEntry> = {}): ModerationAuditEntry {
  return {
    id: 501,
    action: 'warn',
    reason: 'Be polite in chats.',
    moderator: { id: 7, name: 'Mia' },
    member_id: 22,
    complaint_id: null,
    image_id: null,
    created_at: '2026-11-21T09:30:00.000Z',
    ...overrides,
  };
}

export function queue(overrides: Partial<ModerationQueueResponse> = {}): ModerationQueueResponse {
  return {
    reports: [
      report(),
      report({
        id: 12,
        kind: 'complaint',
        reference: 'CP-000012',
        created_at: '2026-11-21T10:00:00.000Z',
        reason: 'photo_consent',
        message: 'This profile uses my photos.',
        reporter: null,
        contact_email: 'visitor@example.net',
        member: { id: 23, name: 'Kim' },
        has_screenshot: true,
      }),
    ],
    pending_photos: [
      {
        member: { id: 24, name: 'Noor' },
        photo: { id: 401, thumb_filename: 't401.jpg', filename: 'f401.jpg', review: 'pending' },
      },
    ],
    ...overrides,
  };
}

export function memberFile(
  overrides: Partial<ModerationMemberResponse> = {},
): ModerationMemberResponse {
  return {
    member: moderatedMember(),
    reports: [
      report({
        messages: [
          {
            id: 1,
            sender_id: 21,
            body: 'Hi Sam, how are you?',
            created_at: '2026-11-20T09:50:00Z',
          },
          {
            id: 2,
            sender_id: 22,
            body: 'Leave me alone, idiot.',
            created_at: '2026-11-20T09:55:00Z',
          },
        ],
      }),
    ],
    audit: [auditEntry()],
    ...overrides,
  };
}
