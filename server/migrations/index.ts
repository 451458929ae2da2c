/**
 * Every migration, listed by hand: bundlers and `tsx` see the imports, and no folder is scanned at runtime.
 * Add a new file's import here with a key that sorts after the previous one.
 */
import type { Migration } from 'kysely';
import * as initial from './2026-11-22-001-initial';
import * as visibleMemberIndexes from './2026-11-22-002-visible-member-indexes';
import * as chat from './2026-11-22-003-chat';
import * as notifications from './2026-11-22-004-notifications';
import * as chatDelivery from './2026-11-22-006-chat-delivery';
import * as payments from './2026-11-25-007-payments';
import * as complaintForm from './2026-11-25-008-complaint-form';
import * as moderation from './2026-11-25-009-moderation';
import * as outboxQueueIndex from './2026-11-25-010-outbox-queue-index';
import * as memberRevision from './2026-12-06-011-member-revision';
import * as stats from './2026-12-06-012-stats';
import * as statsKeyless from './2026-12-06-013-stats-keyless';
import * as memberListsRevision from './2026-12-07-014-member-lists-revision';

/** Migrations by name, in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-initial': initial,
  '2026-11-22-002-visible-member-indexes': visibleMemberIndexes,
  '2026-11-22-003-chat': chat,
  '2026-11-22-004-notifications': notifications,
  '2026-11-22-006-chat-delivery': chatDelivery,
  '2026-11-25-007-payments': payments,
  '2026-11-25-008-complaint-form': complaintForm,
  '2026-11-25-009-moderation': moderation,
  '2026-11-25-010-outbox-queue-index': outboxQueueIndex,
  '2026-12-06-011-member-revision': memberRevision,
  '2026-12-06-012-stats': stats,
  '2026-12-06-013-stats-keyless': statsKeyless,
  '2026-12-07-014-member-lists-revision': memberListsRevision,
};
