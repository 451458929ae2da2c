import { useTranslation } from 'react-i18next';
import type { ModerationMessage, ModerationReport } from '../../shared/contract/moderation';
import { currentLanguage } from '../../i18n/interface-language';
import { formatWhen } from './moderation-view';

export interface ChatContextProps {
  messages: ModerationMessage[];
  reporter: ModerationReport['reporter'];
  member: ModerationReport['member'];
}

/**
 * The conversation around a chat report, oldest first: the reported member's messages stand out
 * (left, marked), the reporter's sit on the right, so the moderator reads what was said in order.
 */
export function ChatContext({ messages, reporter, member }: ChatContextProps) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const nameOf = (sender: number) =>
    sender === member?.id
      ? member.name
      : sender === reporter?.id
        ? reporter.name
        : t('moderation.someone');

  return (
    <section className="moderation-chat">
      <h4 className="moderation-label">{t('moderation.chat_title')}</h4>
      {messages.length === 0 ? (
        <p className="small text-body-secondary mb-0">{t('moderation.chat_empty')}</p>
      ) : (
        <ol className="moderation-chat-list list-unstyled mb-0">
          {messages.map((message) => {
            const reported = member !== null && message.sender_id === member.id;
            return (
              <li
                key={message.id}
                className={`moderation-chat-message${reported ? ' is-reported' : ' is-reporter'}`}
              >
                <p className="moderation-chat-meta mb-1">
                  <span className="fw-bold">{nameOf(message.sender_id)}</span>
                  {reported && (
                    <span className="moderation-chat-mark">{t('moderation.reported_mark')}</span>
                  )}
                  <time dateTime={message.created_at}>{formatWhen(message.created_at, lng)}</time>
                </p>
                <p className="moderation-chat-body mb-0">{message.body}</p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
