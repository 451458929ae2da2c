import '../credits/credits.scss';
import { useLiveQuery } from 'dexie-react-hooks';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { getSync } from '../../bridges/worker-bridge';
import { getDb } from '../../db/db';
import { kvGet } from '../../db/kv';
import { currentLanguage } from '../../i18n/interface-language';
import { CreditsIcon } from '../credits/CreditsIcon';
import { formatMoney } from '../../shared/money';
import { withReturn } from '../credits/return-link';
import { defaultMethod } from '../credits/use-credits-offer';

export interface CreditsPanelProps {
  chatId: number;
  /** The member's balance; undefined while unknown. */
  credits: number | undefined;
  /** The member's newest message here was refused for lack of credits. */
  refused: boolean;
}

/**
 * Above the composer when the member cannot pay for a message: what a message costs, the
 * balance, and the packages in place; each package comes back to this conversation after paying.
 * A refused message is kept and sent by the worker once the purchase is paid. Memoised: every
 * arriving message renders the screen.
 */
export const CreditsPanel = memo(function CreditsPanel({
  chatId,
  credits,
  refused,
}: CreditsPanelProps) {
  const { t, i18n } = useTranslation();
  const stored = useLiveQuery(async () => (await kvGet(getDb(), 'creditsOffer')) ?? null, []);
  const offer = stored?.offer ?? null;
  const cost = offer?.message_credits ?? null;
  const short = credits !== undefined && (cost === null ? credits <= 0 : credits < cost);
  const needed = refused || short;
  const [hiddenFor, setHiddenFor] = useState<string | null>(null);
  const reason = refused ? 'refused' : 'short';

  // The packages and the cost of a message, fetched once per visit when the panel is needed.
  const asked = useRef(false);
  useEffect(() => {
    if (!needed || asked.current) return;
    asked.current = true;
    getSync()
      .loadCreditsOffer()
      .catch((error: unknown) => console.warn('Loading the credits offer failed', error));
  }, [needed]);

  if (!needed || !offer || hiddenFor === reason || (cost !== null && cost <= 0)) return null;
  const lng = currentLanguage(i18n);
  const method = defaultMethod(offer);
  const back = `/chats/${chatId}`;
  const path = (id: number) => withReturn(`/credits/${id}${method ? `/${method}` : ''}`, back);

  return (
    <section className="chat-credits" aria-labelledby={`chat-credits-${chatId}`}>
      <div className="chat-credits-head">
        <span className="chat-credits-coin">
          <CreditsIcon name="coin" size={22} />
        </span>
        <p className="mb-0">
          <strong id={`chat-credits-${chatId}`}>{t('chat.credits_title')}</strong>{' '}
          <span>
            {t('chat.credits_cost', { count: offer.message_credits })}{' '}
            {t('chat.credits_have', { count: credits ?? offer.balance })}
          </span>
        </p>
        <button
          type="button"
          className="btn-close chat-credits-close"
          aria-label={t('chat.credits_hide')}
          onClick={() => setHiddenFor(reason)}
        />
      </div>
      {refused && <p className="chat-credits-kept small mb-0">{t('chat.credits_kept')}</p>}
      <ul className="chat-credits-packages" aria-label={t('chat.credits_packages')}>
        {offer.packages.map((pack) => (
          <li key={pack.id}>
            <Link to={path(pack.id)} className={pack.most_chosen ? 'is-most-chosen' : undefined}>
              <strong>{t('credits.package_credits', { count: pack.credits })}</strong>
              <span>{formatMoney(pack.price, lng)}</span>
              {pack.most_chosen && <em>{t('credits.most_chosen')}</em>}
            </Link>
          </li>
        ))}
      </ul>
      <Link to={withReturn('/credits', back)} className="chat-credits-all small">
        {t('chat.credits_all')}
      </Link>
    </section>
  );
});
