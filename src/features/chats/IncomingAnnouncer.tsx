import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageRow } from '../../db/db';

/**
 * Reads out a message from the other member that arrives while the conversation is open (the
 * virtual list itself is not a live region: scrolling would be announced too).
 */
export function IncomingAnnouncer({
  messages,
  memberId,
  name,
}: {
  messages: readonly MessageRow[];
  memberId: number | null;
  name: string;
}) {
  const { t } = useTranslation();
  const newest = messages.at(-1);
  // The newest message when the conversation first showed: history, not news.
  const [firstSeen, setFirstSeen] = useState<string | null>(null);
  if (firstSeen === null && newest) setFirstSeen(newest.key);
  const announce =
    newest && firstSeen !== null && newest.sender !== memberId && newest.key !== firstSeen
      ? newest
      : null;
  return (
    <p className="visually-hidden" aria-live="polite">
      {announce ? `${t('chat.sender_them', { name })}: ${announce.msg}` : ''}
    </p>
  );
}
