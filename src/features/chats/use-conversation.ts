/**
 * The conversation screen's data: Dexie live view, with the messages the worker has just received
 * and not stored yet (the message lane), plus the worker calls that fill and page it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { firstConversationOf } from '../../app/session/first-answers';
import { memberStored } from '../../app/session/member-stored';
import { useSession } from '../../app/session/session-context';
import { closeNotifications } from '../../bridges/sw-bridge';
import { getSync, isSyncError } from '../../bridges/worker-bridge';
import { conversationTag } from '../../shared/push-state';
import { conversationView, type ConversationView } from '../../db/queries';
import { useNothingStored } from '../../db/use-nothing-stored';
import { withArrivals } from './arrivals';
import { oldestServerId } from './chat-view';
import { firstConversationView, withFirstConversation } from './first-conversation';
import { useArrivingMessages } from './use-arriving-messages';

/** Where loading the newest page stands. */
export type LoadStatus = 'loading' | 'ready' | 'failed' | 'offline';

/** What the conversation screen reads and can ask for. */
export interface Conversation {
  view: ConversationView | undefined;
  status: LoadStatus;
  /** Unread count when the conversation was opened, for the "new messages" divider. */
  unreadAtOpen: number;
  loadingOlder: boolean;
  /** No older messages on the server. */
  historyComplete: boolean;
  loadOlder: () => void;
  reload: () => void;
}

/**
 * Opens the conversation (unread to 0, SPEC §4), loads the newest page whenever the chat list
 * says it changed, and loads older pages on demand with `before`.
 */
export function useConversation(chatId: number, profileId: number | null): Conversation {
  const stored = useLiveQuery(() => conversationView(chatId, profileId), [chatId, profileId]);
  const memberId = useSession().user?.id ?? null;
  const arrived = useArrivingMessages(chatId, memberId);
  // Nothing stored yet: the conversation the server answered with the page, until the worker has it.
  const [first] = useState(() => firstConversationOf(memberId, chatId));
  const firstView = useMemo(() => (first ? firstConversationView(first) : null), [first]);
  const nothingStored = useNothingStored();
  const shown = useMemo(
    () => withFirstConversation(stored, firstView, nothingStored),
    [stored, firstView, nothingStored],
  );
  const view = useMemo(
    () => shown && { ...shown, messages: withArrivals(shown.messages, arrived) },
    [shown, arrived],
  );
  // The worker may not have the member yet when the screen drew the page's conversation.
  const workerReady = useCallback(
    () => (first && memberId !== null ? memberStored(memberId) : Promise.resolve()),
    [first, memberId],
  );
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [historyComplete, setHistoryComplete] = useState(false);
  const [unreadAtOpen, setUnreadAtOpen] = useState<number | null>(null);
  const loaded = view !== undefined;
  const unread = view?.chat?.num_unread_messages ?? 0;
  const changedAt = view?.chat?.conversation.updated_at ?? null;

  if (loaded && unreadAtOpen === null) setUnreadAtOpen(unread);

  // The newest page on open, on retry and whenever the list reports news in this conversation.
  useEffect(() => {
    if (!loaded) return;
    let live = true;
    workerReady()
      .then(() => getSync().loadMessages(chatId))
      .then((count) => {
        if (!live) return;
        setStatus('ready');
        if (count === 0) setHistoryComplete(true);
      })
      .catch((error: unknown) => {
        if (!live) return;
        console.warn('Loading messages failed', error);
        setStatus(isSyncError(error) && error.kind === 'network' ? 'offline' : 'failed');
      });
    return () => {
      live = false;
    };
  }, [chatId, loaded, changedAt, attempt, workerReady]);

  // A message that arrived live while the conversation is open is read now, not at the next list
  // change: the list's updated_at can stay the same for two messages in one second, and then the
  // load above would not run again. Loading the newest page marks it read on the server.
  const newestUnread = newestUnreadIncoming(view);
  const readRequested = useRef(0);
  useEffect(() => {
    if (status !== 'ready' || newestUnread === null || newestUnread <= readRequested.current)
      return;
    readRequested.current = newestUnread;
    getSync()
      .loadMessages(chatId)
      .catch((error: unknown) => console.warn('Marking new messages read failed', error));
  }, [chatId, status, newestUnread]);

  // Opened here: its notifications on this device have said what they had to say. Done on every
  // open, not only when the local unread count is above 0: that count may still be a stale 0 (the
  // list on this device predates the push) while the server marks the messages read on load, so
  // the effect below never runs and the notification would stay (seen in tests/e2e/chat.spec.ts).
  useEffect(() => {
    closeNotifications(conversationTag(chatId));
  }, [chatId]);

  // Opening sets unread to 0 here at once; again when news arrives while it is open.
  useEffect(() => {
    if (!loaded || (unread === 0 && unreadAtOpen !== null)) return;
    // Read here: its notifications on this device have said what they had to say.
    closeNotifications(conversationTag(chatId));
    workerReady()
      .then(() => getSync().openChat(chatId))
      .catch((error: unknown) => console.warn('Opening the chat failed', error));
  }, [chatId, loaded, unread, unreadAtOpen, workerReady]);

  const busy = useRef(false);
  const messages = view?.messages;
  const loadOlder = useCallback(() => {
    const before = messages ? oldestServerId(messages) : null;
    if (busy.current || historyComplete || before === null) return;
    busy.current = true;
    setLoadingOlder(true);
    getSync()
      .loadMessages(chatId, before)
      .then((count) => count === 0 && setHistoryComplete(true))
      .catch((error: unknown) => console.warn('Loading older messages failed', error))
      .finally(() => {
        busy.current = false;
        setLoadingOlder(false);
      });
  }, [chatId, messages, historyComplete]);

  const reload = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);

  return {
    view,
    status,
    unreadAtOpen: unreadAtOpen ?? 0,
    loadingOlder,
    historyComplete,
    loadOlder,
    reload,
  };
}

/** The newest message from the other member not yet read, by server id; null when none. */
function newestUnreadIncoming(view: ConversationView | undefined): number | null {
  const other = view?.profile?.id;
  if (other === undefined || !view) return null;
  let newest: number | null = null;
  for (const m of view.messages) {
    if (m.sender === other && m.read_at === null && m.id !== null && m.id > (newest ?? 0)) {
      newest = m.id;
    }
  }
  return newest;
}
