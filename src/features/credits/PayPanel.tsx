import { useTranslation } from 'react-i18next';
import type { CreditPackage, PaymentMethod } from '../../shared/contract/payments';
import { currentLanguage } from '../../i18n/interface-language';
import { CreditsIcon } from './CreditsIcon';
import { formatMoney } from '../../shared/money';
import { DEFAULT_RETURN } from './return-link';
import { usePay } from './use-pay';

/** The Pay button of a package: starts the purchase and leaves for the provider's checkout. */
export function PayPanel({
  pack,
  method,
  returnTo,
}: {
  pack: CreditPackage;
  method: PaymentMethod | null;
  returnTo: string | null;
}) {
  const { t, i18n } = useTranslation();
  const { pay, busy, error } = usePay();
  const price = formatMoney(pack.price, currentLanguage(i18n));
  const start = () => {
    if (!method) return;
    pay({ product: 'credits', package: pack.id, method, return_to: returnTo ?? DEFAULT_RETURN });
  };
  return (
    <div className="credits-pay">
      {error && (
        <div className="alert alert-danger" role="alert">
          {t(error)}
        </div>
      )}
      {!method && <div className="alert alert-warning">{t('credits.no_methods')}</div>}
      <button
        type="button"
        className="btn btn-primary btn-lg w-100 credits-pay-button"
        disabled={busy || !method}
        aria-busy={busy || undefined}
        onClick={start}
      >
        {busy ? (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        ) : (
          <CreditsIcon name="lock" size={18} />
        )}
        {busy
          ? t('credits.paying')
          : method
            ? t('credits.pay_with', { price, method: t(`credits.methods.${method}`) })
            : t('credits.pay', { price })}
      </button>
      <p className="credits-pay-note small text-body-secondary mb-0">{t('credits.pay_note')}</p>
    </div>
  );
}
