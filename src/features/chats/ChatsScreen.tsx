import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../app/PageTitle';
import { firstChatsOf } from '../../app/session/first-answers';
import { useRevealHold } from '../../prerender/RevealWhenMounted';
import { memberStored } from '../../app/session/member-stored';
import { useNothingStored } from '../../db/use-nothing-stored';
import { useSession } from '../../app/session/session-context';
import { getSync } from '../../bridges/worker-bridge';
import { byRecentActivity, chatRowsOf } from '../../db/chat-rows';
import { getDb, type ChatRow } from '../../db/db';
import { kvGet } from '../../db/kv';
import { chatList } from '../../db/queries';
import { useOnline } from '../members/use-online';
import { useSiteSettings } from '../members/use-site-settings';
import { ChatListItem } from './ChatListItem';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * The conversation list (`/chats`, SPEC §2.3, §4): read from IndexedDB, newest activity first,
 * so it shows offline too; deleting asks first and alerts on failure (SPEC §8).
 */
/** The stored list, and whether the worker has stored a list on this device at all. */
async function readChats(): Promise<{ chats: ChatRow[]; stored: boolean }> {
  const [chats, etag] = await Promise.all([chatList(), kvGet(getDb(), 'etag:chats')]);
  return { chats, stored: etag !== undefined || chats.length > 0 };
}

export default function ChatsScreen() {
  const { t } = useTranslation();
  const stored = useLiveQuery(readChats);
  const memberId = useSession().user?.id ?? null;
  // Nothing stored yet: the list the server answered with the page, until the worker stored it.
  const [first] = useState(() => firstChatsOf(memberId));
  const firstRows = useMemo(
    () => (first ? chatRowsOf(first.answer.chats).sort(byRecentActivity) : null),
    [first],
  );
  // With no database on the device, nothing stored can win: the page's list draws at once.
  const nothingStored = useNothingStored();
  const unstored = stored ? !stored.stored : nothingStored;
  const chats = unstored && firstRows ? firstRows : stored?.chats;
  // The server's drawing of this screen stays up until the app knows what it shows.
  useRevealHold(chats === undefined);
  const settings = useSiteSettings();
  const online = useOnline();
  const [deleting, setDeleting] = useState<ChatRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const now = new Date();

  // The leader tab polls every minute; a member opening the list wants it fresh now. A list the
  // page came with is handed over instead, once the worker has stored its member.
  useEffect(() => {
    const refresh = async () => {
      if (first && memberId !== null) await memberStored(memberId);
      await getSync().refreshChats(first && memberId !== null ? { ...first, memberId } : undefined);
    };
    refresh().catch((error: unknown) => console.warn('Chats refresh failed', error));
  }, [first, memberId]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    setFailed(false);
    try {
      await getSync().deleteChat(deleting.id);
    } catch (error) {
      // SPEC §8: logged, an alert, and the worker has reloaded the list either way.
      console.warn('Deleting the chat failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <div className="chats-screen container py-4">
      <PageTitle title={t('chat.title')} />
      <h1 className="h2 mb-1">{t('chat.title')}</h1>
      <p className="text-body-secondary">{t('chat.intro')}</p>
      {!online && (
        <p className="offline-note small" role="status">
          {t('chat.offline_note')}
        </p>
      )}
      {failed && (
        <div className="alert alert-danger d-flex align-items-start gap-2" role="alert">
          <span className="me-auto">{t('chat.delete_failed')}</span>
          <button
            type="button"
            className="btn-close"
            aria-label={t('chat.close')}
            onClick={() => setFailed(false)}
          />
        </div>
      )}
      {chats === undefined ? (
        <ul className="chat-list" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="chat-list-item is-skeleton">
              <span className="chat-avatar" />
              <span className="chat-list-text">
                <span className="skeleton-line w-50" />
                <span className="skeleton-line w-75" />
              </span>
            </li>
          ))}
        </ul>
      ) : chats.length === 0 ? (
        <div className="empty-state text-center text-body-secondary py-5">
          <p>{t('chat.empty')}</p>
          <Link to="/members" className="btn btn-primary">
            {t('chat.find_members')}
          </Link>
        </div>
      ) : (
        <ul className="chat-list" aria-label={t('chat.title')}>
          {chats.map((chat) => (
            <ChatListItem
              key={chat.id}
              chat={chat}
              cdnPrefix={settings?.cdn_prefix ?? ''}
              now={now}
              onDelete={setDeleting}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        show={deleting !== null}
        title={t('chat.delete_title')}
        text={t('chat.delete_text', { name: deleting?.profile.name ?? '' })}
        confirmLabel={t('chat.delete_confirm')}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
