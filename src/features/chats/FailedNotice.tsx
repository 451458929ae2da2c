import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { getSync } from '../../bridges/worker-bridge';
import { withReturn } from '../credits/return-link';
import { failureKind } from './chat-view';

/** Under a failed own message: why it was not sent, and Retry / Discard. */
export function FailedNotice({ messageKey, error }: { messageKey: string; error: string | null }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // Back to this conversation after paying, where the kept message is then sent.
  const here = useLocation().pathname;
  const kind = failureKind(error);
  const act = (action: 'retry' | 'discard') => {
    setBusy(true);
    const sync = getSync();
    const run =
      action === 'retry' ? sync.retryMessage(messageKey) : sync.discardMessage(messageKey);
    run
      .catch((caught: unknown) => console.warn(`${action} failed`, caught))
      .finally(() => setBusy(false));
  };
  return (
    <div className="chat-failed small">
      <span>{t(`chat.failed_${kind}`)}</span>
      {kind === 'credits' && (
        <Link to={withReturn('/credits', here)} className="chat-failed-link">
          {t('chat.buy_credits')}
        </Link>
      )}
      <span className="chat-failed-actions">
        <button
          type="button"
          className="btn btn-sm btn-link"
          disabled={busy}
          onClick={() => act('retry')}
        >
          {t('chat.retry')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-link"
          disabled={busy}
          onClick={() => act('discard')}
        >
          {t('chat.discard')}
        </button>
      </span>
    </div>
  );
}
