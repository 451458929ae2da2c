/**
 * Assembles the sync worker: leader election, polling, the event stream, channel reconciliation,
 * and the one API object the page calls. Every API call settles with a value or a SyncError.
 */
import type {
  NotificationSettings,
  SignupBody,
  User,
  UserUpdateBody,
} from '../src/shared/contract/account';
import type { MatchFinderQuery, SignupMatchesQuery } from '../src/shared/contract/landers';
import type { CreateTransactionBody, PaymentMethod } from '../src/shared/contract/payments';
import type { Settings } from '../src/shared/contract/settings';
import type { DraftPhoto, SearchFilters } from '../src/db/db';
import { kvGet, kvPut, type ComplaintDraft } from '../src/db/kv';
import {
  changeEmail,
  changePassword,
  confirmMailChange,
  deleteAccount,
  deleteProfileImage,
  requestPasswordReset,
  resetPassword,
  setLanderOptOut,
  setMainProfileImage,
  updateUser,
  uploadProfileImage,
  type ProgressListener,
} from './account';
import { reconcile } from './actions';
import { applyBan, watchBans } from './ban';
import { updateBadge } from './badge';
import {
  block,
  deleteChat,
  openChat,
  pollChats,
  report,
  startChat,
  type ReportReason,
} from './chats';
import { dismissComplaint, flushComplaints, submitComplaint } from './complaint-queue';
import type { SyncContext, SyncNotice } from './context';
import { loadDataExport, startDataExport } from './data-export';
import { settle } from './errors';
import { createEventStream, EVENTS_PATH } from './events';
import { geocode } from './geocode';
import { electLeader } from './leader';
import { findMatches, loadLander, loadMemberLander, loadSignupMatches } from './landers';
import type { PageAnswer } from './conditional';
import { openLikedBy, pollLikes, setLike } from './likes';
import { recoverMessage, type UnsentMessage } from './message-recovery';
import { discardMessage, loadMessages, retryMessage, sendMessage } from './messages';
import { watchStrandedActions } from './stranded-actions';
import {
  loadModeratedMember,
  loadModerationQueue,
  moderate,
  type ModerationRequest,
} from './moderation';
import {
  cancelTransaction,
  createTransaction,
  fetchUserWatchingCredits,
  getTransaction,
  loadCreditsOffer,
} from './payments';
import { createPoller, POLL_INTERVAL_MS, PUSH_POLL_INTERVAL_MS } from './poller';
import { buyPremium, loadLedger, loadPremiumOffer } from './premium';
import { loadProfile } from './profile';
import {
  loadNotificationSettings,
  saveNotificationSettings,
  subscribePush,
  unsubscribePush,
  type SubscriptionJson,
} from './push';
import { createLiveEventHandler } from './live-events';
import { loadStats, type StatsRequest } from './stats';
import { createSearch } from './search';
import type { AutoLoadOptions } from './search-query';
import { careForStorage } from './storage-care';
import { currentMemberId, fetchUser, heardSessionOf, login, logout } from './session';
import {
  activationStatus,
  clearDraft,
  createAccount,
  flushDraft,
  loadDraft,
  profileFields,
  saveDraft,
  validateEmail,
  type DraftPatch,
} from './signup';

/** What the browser (or a test) provides; the session hooks are wired here. */
export type SyncDeps = Omit<SyncContext, 'notify' | 'onSessionChange' | 'recheckUser'> & {
  log?: (message: string, error: unknown) => void;
};

/** Builds the worker around `deps`; `start()` joins the leader election. */
export function createSync(deps: SyncDeps) {
  const log = deps.log ?? ((message, error) => console.warn(message, error));
  const listeners = new Set<(notice: SyncNotice) => void>();
  let leader = false;
  let pushSubscribed = false;
  let userCheck: Promise<unknown> | null = null;

  // Any call answered 403 banned ends the session here, whichever module made it.
  const watched = watchBans(deps.http, deps.upload, (ban) =>
    applyBan(ctx, ban).catch((error: unknown) => log('Ending the banned session failed', error)),
  );
  const ctx: SyncContext = {
    ...deps,
    ...watched,
    notify: (notice) =>
      listeners.forEach((listener) => {
        // A page listener is a Comlink proxy: its call is a promise that fails once the tab is gone.
        Promise.resolve(listener(notice)).catch(() => listeners.delete(listener));
      }),
    onSessionChange: (memberId) => (memberId === null ? pause() : resume()),
    recheckUser: () => {
      userCheck ??= fetchUser(ctx)
        .catch((error: unknown) => log('User recheck failed', error))
        .finally(() => (userCheck = null));
    },
  };

  // Server data stays within its budget; a write refused for space frees some and runs again.
  const storage = careForStorage(ctx, log);
  /** Runs a call that stores server data, then lets the budget trim when it is due. */
  const thenTrim = <T>(run: () => Promise<T>) => settle(run).finally(storage.afterWrites);

  const poller = createPoller(
    {
      user: async () => {
        pushSubscribed = (await kvGet(ctx.db, 'pushSubscribed')) ?? false;
        // A higher balance sends the messages that waited for credits (payments.ts).
        await fetchUserWatchingCredits(ctx, log);
        // The page asks the service worker to replay (postMessage wakes it; this worker cannot).
        ctx.notify({ type: 'server-reached' });
        // The server answered: complaints saved without a connection can go now, and so can
        // likes and messages whose request ended with the page that sent it.
        flushComplaints(ctx).catch((error: unknown) => log('Queued complaints', error));
        stranded.afterServerReached().catch((error: unknown) => log('Stranded actions', error));
      },
      chats: () => pollChats(ctx).finally(storage.afterWrites),
      likes: () => pollLikes(ctx),
    },
    () => (pushSubscribed ? PUSH_POLL_INTERVAL_MS : POLL_INTERVAL_MS),
    (name, error) => log(`Polling ${name} failed`, error),
  );

  // After a poll, stranded actions go; the user poll runs again when the next one comes of age.
  const stranded = watchStrandedActions(ctx, {
    askServer: () => void poller.runNow('user'),
    polling: () => poller.running,
  });

  const events = createEventStream({
    open: deps.openEventSource,
    url: EVENTS_PATH,
    // A refetch an event asked for comes a moment later: not at all if polling stopped meanwhile.
    onEvent: createLiveEventHandler(ctx, (task) => poller.running && poller.runNow(task), log),
    // Back after a break: the server is reachable again, so besides what the break may have
    // missed, the user poll runs too, which sends what waited meanwhile (its server-reached
    // notice) instead of at the next poll, up to a minute later, where there is no Background Sync.
    onReconnect: () => {
      void poller.runNow('user');
      void poller.runNow('chats');
      void poller.runNow('likes');
    },
  });

  /** Logged out: nothing to poll, no stream to hold. */
  function pause() {
    stranded.stop();
    poller.stop();
    events.stop();
  }

  /** Logged in: the leader polls and listens. */
  function resume() {
    if (!leader) return;
    if (!poller.running) poller.start();
    events.start();
  }

  const becomeLeader = async () => {
    leader = true;
    ctx.notify({ type: 'leader' });
    pushSubscribed = (await kvGet(ctx.db, 'pushSubscribed')) ?? false;
    poller.start(); // the user poll decides whether we stay logged in
    if ((await currentMemberId(ctx)) !== null) events.start();
  };

  const unsubscribe = ctx.channel.subscribe((message) => {
    if (message.type === 'session') {
      // Another tab logged in or out; it already wrote Dexie.
      heardSessionOf(ctx, message.memberId);
      if (message.memberId === null) pause();
      else if (leader) {
        poller.start();
        events.start();
      }
      ctx.notify({ type: 'session', memberId: message.memberId });
      return;
    }
    reconcile(ctx.db, message).catch((error: unknown) => log('Reconcile failed', error));
  });

  /** Push subscribed: the poller's pace follows (SPEC §9), also in other tabs via kv. */
  const markPushSubscribed = async (subscribed: boolean) => {
    pushSubscribed = subscribed;
    await kvPut(ctx.db, 'pushSubscribed', subscribed);
    poller.reschedule();
  };

  let leadership: { stop(): void } | null = null;
  const standDown = () => {
    leadership?.stop();
    leadership = null;
    leader = false;
    pause();
  };
  const search = createSearch(ctx);

  /** The API the page calls through Comlink (worker-bridge.ts). */
  const api = {
    /** Registers a listener for notices; pass it wrapped in Comlink.proxy. */
    onNotice(listener: (notice: SyncNotice) => void): void {
      listeners.add(listener);
    },
    status: () =>
      settle(async () => ({ leader, memberId: await currentMemberId(ctx), pushSubscribed })),
    /** GET /api/user.php; null when logged out (403). */
    refreshUser: (): Promise<User | null> => settle(() => fetchUserWatchingCredits(ctx, log)),
    refreshSettings: (): Promise<Settings> =>
      settle(async () => {
        const { data } = await ctx.http.call('settings');
        await kvPut(ctx.db, 'settings', data);
        return data;
      }),
    login: (email: string, password: string) => settle(() => login(ctx, email, password)),
    /** Resolves once the user is cleared, whatever the server said; then go to login. */
    logout: () => settle(() => logout(ctx)),
    /** Push subscribed: poll every 300 s instead of 60 s (SPEC §9). */
    setPushSubscribed: (subscribed: boolean) => settle(() => markPushSubscribed(subscribed)),
    /** Sends this device's push subscription to the server (only when subscribed, not denied). */
    subscribePush: (subscription: SubscriptionJson) =>
      settle(() => subscribePush(ctx, subscription, markPushSubscribed)),
    /** Removes this device's push subscription from the server. */
    unsubscribePush: (endpoint: string) =>
      settle(() => unsubscribePush(ctx, endpoint, markPushSubscribed)),
    /** The member's e-mail notification switches, straight from the server. */
    notificationSettings: () => settle(() => loadNotificationSettings(ctx)),
    saveNotificationSettings: (patch: Partial<NotificationSettings>) =>
      settle(() => saveNotificationSettings(ctx, patch)),
    search: (filters?: Partial<SearchFilters>, options?: AutoLoadOptions) =>
      thenTrim(() => search.search(filters, options)),
    setFilters: (patch: Partial<SearchFilters>) => thenTrim(() => search.setFilters(patch)),
    loadSimilar: () => thenTrim(() => search.loadSimilar()),
    geocode: (lat: number, lon: number) => settle(() => geocode(ctx, lat, lon)),
    like: (profileId: number) => settle(() => setLike(ctx, profileId, true)),
    unlike: (profileId: number) => settle(() => setLike(ctx, profileId, false)),
    openLikedBy: (profileId: number) => settle(() => openLikedBy(ctx, profileId)),
    loadProfile: (id: number) => thenTrim(() => loadProfile(ctx, id)),
    /** `page`: the likes the page came with, stored instead of asking while none are. */
    refreshLikes: (page?: PageAnswer) => settle(() => pollLikes(ctx, page)),
    /** `page`: the chat list the page came with, stored instead of asking while none is. */
    refreshChats: (page?: PageAnswer) => settle(() => pollChats(ctx, page)),
    openChat: (conversationId: number) => settle(() => openChat(ctx, conversationId)),
    /** Rejects after the list reloaded when the deletion failed, so the page can alert. */
    deleteChat: (conversationId: number) => settle(() => deleteChat(ctx, conversationId)),
    /** The newest page, or with `before` (a server message id) the older page; resolves the count. */
    loadMessages: (conversationId: number, before?: number) =>
      thenTrim(() => loadMessages(ctx, conversationId, before)),
    /** `clientId`: the page's id for the message, which it keeps until this settles. */
    sendMessage: (conversationId: number, text: string, clientId?: string) =>
      settle(() => sendMessage(ctx, conversationId, text, clientId)),
    /** A message the page still kept after a reload: queued and sent unless this device has it. */
    recoverMessage: (unsent: UnsentMessage) => settle(() => recoverMessage(ctx, unsent)),
    /** The conversation id with a member, for /members/{id}/chat to go to /chats/{id}. */
    startChat: (profileId: number) => settle(() => startChat(ctx, profileId)),
    /** Sends a failed message again (it keeps its text, gets a new client id). */
    retryMessage: (key: string) => settle(() => retryMessage(ctx, key)),
    /** Drops a failed message. */
    discardMessage: (key: string) => settle(() => discardMessage(ctx, key)),
    /** Blocks a member and removes their chats, likes and search entries from this device. */
    block: (profileId: number) => settle(() => block(ctx, profileId)),
    /** Reports a member to the moderators. */
    report: (profileId: number, reason: ReportReason, message?: string) =>
      settle(() => report(ctx, profileId, reason, message)),
    /** Stores a browser preference (kept on logout). */
    setPref: (key: string, value: unknown) =>
      settle(async () => {
        await ctx.db.prefs.put({ key, value });
      }),
    refreshBadge: () => settle(() => updateBadge(ctx)),

    /**
     * The /complaints form, for members and visitors; wrap the listener in Comlink.proxy. A
     * member's complaint without a connection is saved here and sent later (status `queued`).
     */
    sendComplaint: (
      draft: ComplaintDraft,
      screenshot: DraftPhoto | null,
      onProgress?: ProgressListener,
    ) => settle(() => submitComplaint(ctx, draft, screenshot, onProgress)),
    /** Sends the member's queued complaints now; resolves how many went. */
    flushComplaints: () => settle(() => flushComplaints(ctx)),
    /** Forgets a queued complaint's outcome once the member has seen it. */
    dismissComplaint: (clientId: string) => settle(() => dismissComplaint(ctx, clientId)),

    // The member's data export (data-export.ts): watched while the profile screen is open.
    /** The newest export with its progress, or null. */
    dataExport: () => settle(() => loadDataExport(ctx)),
    /** Starts an export (or answers the one under way). */
    startDataExport: () => settle(() => startDataExport(ctx)),

    // Sign-up wizard (signup.ts). Progress listeners must be wrapped in Comlink.proxy.
    /** POST /api/user.php?new=1; the new member is logged in. */
    signup: (body: SignupBody) => settle(() => createAccount(ctx, body)),
    /** The e-mail check; a newer call cancels this one (it rejects with kind `aborted`). */
    validateEmail: (email: string) => settle(() => validateEmail(ctx, email)),
    signupDraft: () => settle(() => loadDraft(ctx)),
    saveSignupDraft: (patch: DraftPatch) => settle(() => saveDraft(ctx, patch)),
    /** Sends the draft's pending parts; what is still pending after it is in the result. */
    flushSignupDraft: (onProgress?: ProgressListener) => settle(() => flushDraft(ctx, onProgress)),
    clearSignupDraft: () => settle(() => clearDraft(ctx)),
    activationStatus: () => settle(() => activationStatus(ctx)),
    profileFields: () => settle(() => profileFields(ctx)),

    // The member's own account (account.ts).
    updateUser: (body: UserUpdateBody) => settle(() => updateUser(ctx, body)),
    /** PUT /api/privacy.php: on or off the invitation pages; answers the stored user. */
    setLanderOptOut: (optOut: boolean) => settle(() => setLanderOptOut(ctx, optOut)),
    uploadProfileImage: (photo: DraftPhoto, onProgress?: ProgressListener) =>
      settle(() => uploadProfileImage(ctx, photo, onProgress)),
    deleteProfileImage: (image: number) => settle(() => deleteProfileImage(ctx, image)),
    setMainProfileImage: (image: number) => settle(() => setMainProfileImage(ctx, image)),
    requestPasswordReset: (email: string) => settle(() => requestPasswordReset(ctx, email)),
    resetPassword: (token: string, password: string) =>
      settle(() => resetPassword(ctx, token, password)),
    /** Changes the password with the current one; the member's other devices are logged out. */
    changePassword: (current: string, next: string) =>
      settle(() => changePassword(ctx, current, next)),
    changeEmail: (email: string, password?: string) =>
      settle(() => changeEmail(ctx, email, password)),
    confirmMailChange: (token: string) => settle(() => confirmMailChange(ctx, token)),
    /** Deletes the account; the user is cleared like on logout. */
    deleteAccount: (password: string) => settle(() => deleteAccount(ctx, password)),

    // Buying credits and the receipt page (payments.ts).
    /** GET /api/credits.php, stored in kv for the next (offline) visit. */
    loadCreditsOffer: () => settle(() => loadCreditsOffer(ctx)),
    /** Starts a purchase; the page goes to the answer's checkout_url. */
    createTransaction: (body: CreateTransactionBody) => settle(() => createTransaction(ctx, body)),
    /** One of my purchases, stored for the receipt; refresh asks the provider first. */
    loadTransaction: (id: number, refresh?: boolean) =>
      settle(() => getTransaction(ctx, id, refresh)),
    /** The member left the checkout without paying. */
    cancelTransaction: (id: number) => settle(() => cancelTransaction(ctx, id)),

    // Premium and the credit history (premium.ts).
    /** GET /api/premium.php, also stored in kv for the next (offline) visit. */
    loadPremiumOffer: () => settle(() => loadPremiumOffer(ctx)),
    /** One page of my credit history (1 = newest); not stored. */
    loadLedger: (page?: number) => settle(() => loadLedger(ctx, page)),
    /** Starts a premium purchase; the page goes to the answer's checkout_url. */
    buyPremium: (plan: number, method: PaymentMethod) =>
      settle(() => buyPremium(ctx, plan, method)),

    // The acquisition pages (landers.ts): landers and member landers are kept for offline visits.
    /** A lander's members for its slug; the stored copy when offline. */
    loadLander: (slug: string, trafficsource?: string) =>
      thenTrim(() => loadLander(ctx, slug, trafficsource)),
    /** A member lander's card (profile null: the lander shows no member); stored like a lander. */
    loadMemberLander: (member: number, trafficsource?: string) =>
      thenTrim(() => loadMemberLander(ctx, member, trafficsource)),
    /** The match-finder's count and blurred photos for the quiz answers. */
    findMatches: (query: MatchFinderQuery) => settle(() => findMatches(ctx, query)),
    /** Members who fit the new member (what they look for, if known), right after sign-up. */
    signupMatches: (query?: SignupMatchesQuery) => settle(() => loadSignupMatches(ctx, query)),

    // The moderation console (moderation.ts): online-only, answers are not stored.
    /** The open reports and complaints, oldest first, and the photos waiting for review. */
    moderationQueue: () => settle(() => loadModerationQueue(ctx)),
    /** One member as moderators see them, with the reports about them and their audit log. */
    moderatedMember: (member: number) => settle(() => loadModeratedMember(ctx, member)),
    /** One moderation action; resolves the member after it and the audit entry. */
    moderate: (request: ModerationRequest) => settle(() => moderate(ctx, request)),

    // The stats console (stats.ts): each view's answer is kept for offline visits.
    /** The funnel, revenue and postbacks of one view; stored under the view's key. */
    loadStats: (request: StatsRequest) => thenTrim(() => loadStats(ctx, request)),
  };

  return {
    api,
    ctx,
    poller,
    events,
    get leader() {
      return leader;
    },
    /** Joins the leader election; the winner polls until it stops or its tab closes. */
    start() {
      leadership ??= electLeader(ctx.locks, () => {
        becomeLeader().catch((error: unknown) => log('Leader start failed', error));
      });
    },
    /**
     * Steps back for a while: leadership released (another tab's worker takes over), nothing
     * polled or heard; `start()` joins the election again.
     */
    standDown,
    /** Leaves: releases leadership so another tab's worker takes over. */
    stop() {
      standDown();
      unsubscribe();
    },
  };
}

export type Sync = ReturnType<typeof createSync>;
