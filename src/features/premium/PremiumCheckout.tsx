import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PremiumPlan } from '../../shared/contract/payments';
import { getSync, isSyncError } from '../../bridges/worker-bridge';
import { currentLanguage } from '../../i18n/interface-language';
import { MethodPicker } from './MethodPicker';
import { formatMoney } from '../../shared/money';
import { keptChoice } from './premium-view';

export interface PremiumCheckoutProps {
  plan: PremiumPlan;
  methods: readonly PaymentMethod[];
  online: boolean;
}

/**
 * A member's way to pay: the method, the total on the button, then the provider's checkout page
 * (the page leaves the app; the provider sends the member back to /transactions/{id}).
 */
export function PremiumCheckout({ plan, methods, online }: PremiumCheckoutProps) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const method = keptChoice(chosen, methods);
  const price = formatMoney(plan.price, lng);

  const pay = async () => {
    if (!method) return;
    setBusy(true);
    setProblem(null);
    try {
      const { checkout_url } = await getSync().buyPremium(plan.id, method);
      // Busy stays on: the page is on its way to the checkout.
      window.location.assign(checkout_url);
    } catch (error) {
      console.warn('Starting the premium purchase failed', error);
      const key = isSyncError(error) ? error.key : undefined;
      setProblem(
        isSyncError(error) && error.kind === 'network'
          ? t('premium.pay_offline')
          : key && i18n.exists(key)
            ? String((t as (k: string) => string)(key))
            : t('premium.pay_failed'),
      );
      setBusy(false);
    }
  };

  return (
    <div className="premium-checkout">
      {methods.length > 0 && (
        <MethodPicker methods={methods} selected={method} onSelect={setChosen} />
      )}
      <p className="premium-summary">
        <span>{t('premium.summary', { count: plan.months })}</span>
        <strong>{price}</strong>
      </p>
      {problem && (
        <div className="alert alert-danger" role="alert">
          {problem}
        </div>
      )}
      <button
        type="button"
        className="btn btn-primary btn-lg premium-pay"
        disabled={busy || !method || !online}
        onClick={() => void pay()}
      >
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {busy ? t('premium.paying') : t('premium.pay', { price })}
      </button>
      {!online && <p className="premium-note text-danger mb-0">{t('premium.pay_offline')}</p>}
    </div>
  );
}
