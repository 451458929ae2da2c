import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { PageTitle } from '../../app/PageTitle';
import { useRevealHold } from '../../prerender/RevealWhenMounted';
import { useSession } from '../../app/session/session-context';
import { useOnline } from '../members/use-online';
import { useSiteSettings } from '../members/use-site-settings';
import { buildChatItems, lastSendOutOfCredits } from './chat-view';
import { ChatHeader } from './ChatHeader';
import { Composer } from './Composer';
import { CreditsPanel } from './CreditsPanel';
import { IncomingAnnouncer } from './IncomingAnnouncer';
import { MessageList } from './MessageList';
import { useConversation } from './use-conversation';

/** The profile id a link put in the navigation state, to draw the header before the list has it. */
function stateProfileId(state: unknown): number | null {
  const id = (state as { profileId?: unknown } | null)?.profileId;
  return typeof id === 'number' ? id : null;
}

/**
 * A conversation (`/chats/{chatId}`, chat layout): header, messages from IndexedDB (also offline),
 * and the composer fixed at the bottom; own messages show queued / sent / read / failed.
 */
export default function ChatScreen() {
  const { t } = useTranslation();
  const chatId = Number(useParams().chatId);
  const { state } = useLocation();
  const { user } = useSession();
  const settings = useSiteSettings();
  const online = useOnline();
  const memberId = user?.id ?? null;
  const conversation = useConversation(chatId, stateProfileId(state));
  const { view, status } = conversation;
  // The server's drawing of this screen stays up until the app knows what it shows.
  useRevealHold(view === undefined);
  const profile = view?.profile ?? null;
  const name = profile?.name ?? t('chat.member');
  const messages = view?.messages ?? [];
  const items = buildChatItems(messages, memberId, conversation.unreadAtOpen);

  return (
    <div className="chat-screen">
      <PageTitle title={profile ? t('chat.open_named', { name }) : t('chat.title')} />
      <ChatHeader profile={profile} cdnPrefix={settings?.cdn_prefix ?? ''} />
      {!online && (
        <p className="offline-note chat-notice small mb-0" role="status">
          {t('chat.offline_composer')}
        </p>
      )}
      {status === 'failed' && (
        <div className="alert alert-warning chat-notice d-flex align-items-center gap-2 mb-0">
          <span className="me-auto">{t('chat.load_failed')}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={conversation.reload}
          >
            {t('chat.retry_load')}
          </button>
        </div>
      )}
      {messages.length === 0 && status === 'loading' ? (
        <p className="chat-pane-wrap chat-loading text-body-secondary" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('chat.loading')}
        </p>
      ) : (
        <MessageList
          items={items}
          memberId={memberId}
          online={online}
          otherName={name}
          failures={view?.failures ?? {}}
          loadingOlder={conversation.loadingOlder}
          historyComplete={conversation.historyComplete}
          onNearTop={conversation.loadOlder}
        />
      )}
      <IncomingAnnouncer messages={messages} memberId={memberId} name={name} />
      <CreditsPanel
        chatId={chatId}
        credits={user?.credits}
        refused={lastSendOutOfCredits(messages, memberId, view?.failures ?? {})}
      />
      <Composer conversation={chatId} name={name} />
    </div>
  );
}
