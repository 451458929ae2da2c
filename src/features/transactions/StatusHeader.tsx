import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Transaction } from '../../shared/contract/payments';
import { CreditsIcon, type CreditsIconName } from '../credits/CreditsIcon';
import { withReturn } from '../credits/return-link';

/** How each state looks: its icon and tone. */
const LOOK: Record<Transaction['status'], { icon: CreditsIconName | null; tone: string }> = {
  created: { icon: null, tone: 'is-pending' },
  pending: { icon: null, tone: 'is-pending' },
  paid: { icon: 'check', tone: 'is-paid' },
  failed: { icon: 'cross', tone: 'is-failed' },
  cancelled: { icon: 'cross', tone: 'is-closed' },
  expired: { icon: 'clock', tone: 'is-closed' },
  refunded: { icon: 'back', tone: 'is-closed' },
};

/** Where "back" goes after a paid purchase: where the member came from, else the members. */
export function continuePath(transaction: Transaction): string {
  return transaction.return_to ?? '/members';
}

/** The same package and method again (premium plans are bought on /premium). */
function retryPath(transaction: Transaction): string {
  if (transaction.product === 'premium') return '/premium';
  return withReturn(`/credits/${transaction.package}/${transaction.method}`, transaction.return_to);
}

/** The state of a purchase as a headline, what it means, and what to do next. */
export function StatusHeader({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation();
  const { status } = transaction;
  const { icon, tone } = LOOK[status];
  const waiting = status === 'created' || status === 'pending';
  const toChat = transaction.return_to?.startsWith('/chats/') ?? false;
  const premium = transaction.product === 'premium';

  return (
    <section className={`transaction-status ${tone}`} aria-live="polite">
      <span className="transaction-status-icon">
        {icon ? (
          <CreditsIcon name={icon} size={32} />
        ) : (
          <span className="spinner-border" aria-hidden="true" />
        )}
      </span>
      <h1 className="h3 mb-1">{t(`transaction.status_title.${waiting ? 'pending' : status}`)}</h1>
      <p className="mb-3">
        {status === 'paid'
          ? premium
            ? t('transaction.paid_premium')
            : t('transaction.paid_credits', {
                count: transaction.credits + transaction.bonus_credits,
                balance: transaction.balance,
              })
          : t(`transaction.status_text.${waiting ? 'pending' : status}`)}
      </p>
      {status === 'paid' && !premium && (
        <p className="transaction-balance">
          <span>{t('transaction.new_balance')}</span>
          <strong>{t('credits.balance_value', { count: transaction.balance })}</strong>
        </p>
      )}
      <div className="transaction-actions">
        {status === 'paid' && (
          <Link to={continuePath(transaction)} className="btn btn-primary btn-lg">
            {toChat ? t('transaction.back_to_chat') : t('transaction.continue')}
          </Link>
        )}
        {(status === 'failed' || status === 'cancelled' || status === 'expired') && (
          <>
            <Link to={retryPath(transaction)} className="btn btn-primary">
              {t('transaction.try_again')}
            </Link>
            <Link
              to={premium ? '/premium' : withReturn('/credits', transaction.return_to)}
              className="btn btn-outline-secondary"
            >
              {premium ? t('transaction.other_plan') : t('transaction.other_package')}
            </Link>
          </>
        )}
        {waiting && transaction.return_to && (
          <Link to={transaction.return_to} className="btn btn-link">
            {t('transaction.leave_waiting')}
          </Link>
        )}
      </div>
    </section>
  );
}
