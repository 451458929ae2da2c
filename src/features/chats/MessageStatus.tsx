import { useTranslation } from 'react-i18next';
import type { MessageState } from './chat-view';
import { ChatIcon, type ChatIconName } from './ChatIcon';

const ICONS: Record<MessageState, ChatIconName> = {
  sending: 'clock',
  queued: 'clock',
  sent: 'check',
  read: 'checks',
  failed: 'alert',
};

/** An own message's state as an icon, with the words for screen readers (and as a tooltip). */
export function MessageStatus({ state }: { state: MessageState }) {
  const { t } = useTranslation();
  const label = t(`chat.state_${state}`);
  return (
    <span className={`chat-status is-${state}`} title={label}>
      <ChatIcon name={ICONS[state]} size={14} />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
