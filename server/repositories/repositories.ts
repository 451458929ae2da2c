/** All repositories over one database, built once and shared by the routes. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AccountDeletionRepository } from './account-deletion.repository';
import { AccountRepository } from './account.repository';
import { BansRepository } from './bans.repository';
import { BlockRepository } from './block.repository';
import { ChatSendRepository } from './chat-send.repository';
import { ChatRepository } from './chat.repository';
import { ChatsRepository } from './chats.repository';
import { ComplaintsRepository } from './complaints.repository';
import { CreditsRepository } from './credits.repository';
import { DataExportContentRepository } from './data-export-content.repository';
import { DataExportHistoryRepository } from './data-export-history.repository';
import { DataExportRepository } from './data-export.repository';
import { HealthRepository } from './health.repository';
import { ImageRepository } from './image.repository';
import { LanderRepository } from './lander.repository';
import { LikesRepository } from './likes.repository';
import { ListRevisionRepository } from './list-revision.repository';
import { MailRepository } from './mail.repository';
import { MemberRepository } from './member.repository';
import { ModerationActionsRepository } from './moderation-actions.repository';
import { ModerationMemberRepository } from './moderation-member.repository';
import { ModerationRolesRepository } from './moderation-roles.repository';
import { ModerationRepository } from './moderation.repository';
import { NotificationMailRepository } from './notification-mail.repository';
import { PostbackOutboxRepository } from './postback-outbox.repository';
import { PremiumRepository } from './premium.repository';
import { ProfileRepository } from './profile.repository';
import { PushRepository } from './push.repository';
import { SearchRepository } from './search.repository';
import { SessionRepository } from './session.repository';
import { StatsRolesRepository } from './stats-roles.repository';
import { StatsEventsRepository } from './stats-events.repository';
import { StatsRepository } from './stats.repository';
import { TransactionsRepository } from './transactions.repository';

/** The repositories routes reach through `app.repos`. */
export interface Repositories {
  health: HealthRepository;
  members: MemberRepository;
  sessions: SessionRepository;
  bans: BansRepository;
  search: SearchRepository;
  likes: LikesRepository;
  listRevisions: ListRevisionRepository;
  landers: LanderRepository;
  chats: ChatsRepository;
  credits: CreditsRepository;
  profiles: ProfileRepository;
  chat: ChatRepository;
  chatSend: ChatSendRepository;
  blocks: BlockRepository;
  complaints: ComplaintsRepository;
  push: PushRepository;
  images: ImageRepository;
  mail: MailRepository;
  notificationMails: NotificationMailRepository;
  accounts: AccountRepository;
  accountDeletion: AccountDeletionRepository;
  transactions: TransactionsRepository;
  premium: PremiumRepository;
  moderation: ModerationRepository;
  moderationMembers: ModerationMemberRepository;
  moderationActions: ModerationActionsRepository;
  moderationRoles: ModerationRolesRepository;
  dataExports: DataExportRepository;
  dataExportContent: DataExportContentRepository;
  dataExportHistory: DataExportHistoryRepository;
  postbackOutbox: PostbackOutboxRepository;
  stats: StatsRepository;
  statsEvents: StatsEventsRepository;
  statsRoles: StatsRolesRepository;
}

/** Builds every repository over one database. */
export function createRepositories(db: Kysely<Database>): Repositories {
  return {
    health: new HealthRepository(db),
    members: new MemberRepository(db),
    sessions: new SessionRepository(db),
    bans: new BansRepository(db),
    search: new SearchRepository(db),
    likes: new LikesRepository(db),
    listRevisions: new ListRevisionRepository(db),
    landers: new LanderRepository(db),
    chats: new ChatsRepository(db),
    credits: new CreditsRepository(db),
    profiles: new ProfileRepository(db),
    chat: new ChatRepository(db),
    chatSend: new ChatSendRepository(db),
    blocks: new BlockRepository(db),
    complaints: new ComplaintsRepository(db),
    push: new PushRepository(db),
    images: new ImageRepository(db),
    mail: new MailRepository(db),
    notificationMails: new NotificationMailRepository(db),
    accounts: new AccountRepository(db),
    accountDeletion: new AccountDeletionRepository(db),
    transactions: new TransactionsRepository(db),
    premium: new PremiumRepository(db),
    moderation: new ModerationRepository(db),
    moderationMembers: new ModerationMemberRepository(db),
    moderationActions: new ModerationActionsRepository(db),
    moderationRoles: new ModerationRolesRepository(db),
    dataExports: new DataExportRepository(db),
    dataExportContent: new DataExportContentRepository(db),
    dataExportHistory: new DataExportHistoryRepository(db),
    postbackOutbox: new PostbackOutboxRepository(db),
    stats: new StatsRepository(db),
    statsEvents: new StatsEventsRepository(db),
    statsRoles: new StatsRolesRepository(db),
  };
}
