import './history.scss';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { User } from '../../shared/contract/account';
import { LedgerHistory } from './LedgerHistory';
import { ProfileSection } from './ProfileSection';
import { useLedger } from './use-ledger';

/**
 * Credits and payments: the balance, credits still owed after a refund, the way to buy more, and
 * every purchase and spend (the ledger), a page at a time.
 */
export function CreditsSection({ user, online }: { user: User; online: boolean }) {
  const { t } = useTranslation();
  const ledger = useLedger(user.id);
  // The ledger's answer is newer than the polled user once it is there.
  const balance = ledger.view?.balance ?? user.credits;
  const debt = ledger.view?.debt ?? 0;

  return (
    <ProfileSection id="profile-credits" title={t('history.title')} intro={t('history.intro')}>
      <div className="history-balance">
        <p className="history-balance-text mb-0">
          <span className="history-balance-label">{t('history.balance')}</span>
          <strong className="history-balance-value">
            {t('history.balance_value', { count: balance })}
          </strong>
        </p>
        <Link className="btn btn-primary" to="/credits">
          {t('history.buy')}
        </Link>
      </div>
      {debt > 0 && (
        <div className="alert alert-warning credits-debt" role="note">
          <strong className="d-block">{t('history.debt_title', { count: debt })}</strong>
          {t('history.debt_text')}
        </div>
      )}
      <LedgerHistory ledger={ledger} online={online} />
    </ProfileSection>
  );
}
