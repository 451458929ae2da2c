import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageRow } from '../../db/db';
import { currentLanguage } from '../../i18n/interface-language';
import { formatClock } from './chat-time';
import { prepareForTakeOver } from '../../prerender/take-over-preparations';
import type { MessageState } from './chat-view';
import { FailedNotice } from './FailedNotice';
import { MessageStatus } from './MessageStatus';

// Every bubble shows its clock time: the formatter is made before the messages render.
prepareForTakeOver((lng) => formatClock(new Date().toISOString(), lng));

export interface MessageBubbleProps {
  message: MessageRow;
  own: boolean;
  groupStart: boolean;
  state: MessageState | null;
  /** The newest own message: its state is spelled out. */
  latestOwn?: boolean;
  otherName: string;
  /** Why a failed send was refused (ActionRow.error). */
  failure: string | null;
}

/** One message: own on the right in the accent colour, theirs on the left; time and state. */
function Bubble({
  message,
  own,
  groupStart,
  state,
  latestOwn = false,
  otherName,
  failure,
}: MessageBubbleProps) {
  const { t, i18n } = useTranslation();
  const side = own ? 'is-own' : 'is-theirs';
  return (
    <div className={`chat-row ${side}${groupStart ? ' is-group-start' : ''}`}>
      <div className={`chat-bubble${state === 'failed' ? ' is-failed' : ''}`}>
        <span className="visually-hidden">
          {own ? t('chat.sender_you') : t('chat.sender_them', { name: otherName })}:{' '}
        </span>
        <p className="chat-text mb-0">{message.msg}</p>
        <span className="chat-meta">
          <time dateTime={message.created_at}>
            {formatClock(message.created_at, currentLanguage(i18n))}
          </time>
          {state && <MessageStatus state={state} labelled={latestOwn} />}
        </span>
      </div>
      {state === 'failed' && <FailedNotice messageKey={message.key} error={failure} />}
    </div>
  );
}

/** The fields of a stored message a bubble shows: a live query hands out new objects each time. */
const SHOWN: (keyof MessageRow)[] = ['key', 'msg', 'created_at', 'status'];

/**
 * Renders again only when what it shows changed: a new message re-renders its own bubble, not the
 * whole conversation, which kept the other member waiting on screen.
 */
export const MessageBubble = memo(Bubble, (before, after) => {
  const { message: a, ...restBefore } = before;
  const { message: b, ...restAfter } = after;
  return (
    SHOWN.every((field) => a[field] === b[field]) &&
    (Object.keys(restAfter) as (keyof typeof restAfter)[]).every(
      (prop) => restBefore[prop] === restAfter[prop],
    )
  );
});
