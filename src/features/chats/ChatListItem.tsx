import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ChatRow } from '../../db/db';
import { currentLanguage } from '../../i18n/interface-language';
import { ChatAvatar } from './ChatAvatar';
import { ChatIcon } from './ChatIcon';
import { formatListTime } from './chat-time';
import { prepareForTakeOver } from '../../prerender/take-over-preparations';

// Every entry shows a time: today's formatter is made before the list renders.
prepareForTakeOver((lng) => formatListTime(new Date().toISOString(), lng));

export interface ChatListItemProps {
  chat: ChatRow;
  cdnPrefix: string;
  now: Date;
  onDelete: (chat: ChatRow) => void;
}

/** One conversation in the list: photo, name, last message, time, unread badge and delete. */
export function ChatListItem({ chat, cdnPrefix, now, onDelete }: ChatListItemProps) {
  const { t, i18n } = useTranslation();
  const { profile, conversation, num_unread_messages: unread } = chat;
  const time = formatListTime(conversation.updated_at, currentLanguage(i18n), now);
  return (
    <li className={`chat-list-item${unread > 0 ? ' is-unread' : ''}`}>
      <Link
        to={`/chats/${chat.id}`}
        state={{ profileId: profile.id }}
        className="chat-list-link"
        aria-label={[
          t('chat.open_named', { name: profile.name }),
          unread > 0 ? t('chat.unread', { count: unread }) : '',
        ]
          .filter(Boolean)
          .join(', ')}
      >
        <ChatAvatar profile={profile} cdnPrefix={cdnPrefix} />
        <span className="chat-list-text">
          <span className="chat-list-top">
            <span className="chat-list-name">{profile.name}</span>
            <time className="chat-list-time" dateTime={conversation.updated_at}>
              {time}
            </time>
          </span>
          <span className="chat-list-bottom">
            <span className="chat-list-preview">
              {conversation.last_message ?? t('chat.no_messages_yet')}
            </span>
            {unread > 0 && (
              <span className="chat-unread badge rounded-pill" aria-hidden="true">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </span>
        </span>
      </Link>
      <button
        type="button"
        className="btn btn-icon chat-list-delete"
        aria-label={t('chat.delete_named', { name: profile.name })}
        title={t('chat.delete_named', { name: profile.name })}
        onClick={() => onDelete(chat)}
      >
        <ChatIcon name="trash" size={18} />
      </button>
    </li>
  );
}
