import { useTranslation } from 'react-i18next';
import type { MessageState } from './chat-view';
import { ChatIcon, type ChatIconName } from './ChatIcon';

/** One tick: sent to the server; two: on their device; two on a filled disc: read. */
const ICONS: Record<MessageState, ChatIconName> = {
  sending: 'clock',
  queued: 'clock',
  sent: 'check',
  delivered: 'checks',
  read: 'checks',
  failed: 'alert',
};

export interface MessageStatusProps {
  state: MessageState;
  /** Spell the state out beside the icon (the newest own message); else only screen readers hear it. */
  labelled?: boolean;
}

/** An own message's state as an icon with its words (visible when `labelled`, and as a tooltip). */
export function MessageStatus({ state, labelled = false }: MessageStatusProps) {
  const { t } = useTranslation();
  const label = t(`chat.state_${state}`);
  // A failed send explains itself in the notice under the bubble.
  const visible = labelled && state !== 'failed';
  return (
    <span className={`chat-status is-${state}`} title={label}>
      <ChatIcon name={ICONS[state]} size={14} />
      <span className={visible ? 'chat-status-label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}
