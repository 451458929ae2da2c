import { useTranslation } from 'react-i18next';
import type { PremiumPlan } from '../../shared/contract/payments';
import { currentLanguage } from '../../i18n/interface-language';
import { formatMoney, formatPercent } from '../../shared/money';

export interface PlanPickerProps {
  plans: readonly PremiumPlan[];
  selected: number | null;
  onSelect: (planId: number) => void;
  /** The heading that names the radio group. */
  labelledBy: string;
}

/**
 * The plans as one radio group of cards: months, price per month, the one payment it takes, the
 * saving against the monthly plan and the credits each month brings. Arrow keys move between them.
 */
export function PlanPicker({ plans, selected, onSelect, labelledBy }: PlanPickerProps) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  return (
    <div className="premium-plans" role="radiogroup" aria-labelledby={labelledBy}>
      {plans.map((plan) => {
        const id = `premium-plan-${plan.id}`;
        return (
          <label
            key={plan.id}
            htmlFor={id}
            className={`premium-plan${plan.most_chosen ? ' is-most-chosen' : ''}`}
          >
            <input
              id={id}
              type="radio"
              name="premium-plan"
              className="premium-plan-input"
              value={plan.id}
              checked={selected === plan.id}
              onChange={() => onSelect(plan.id)}
            />
            {plan.most_chosen && (
              <span className="premium-plan-ribbon">{t('premium.most_chosen')}</span>
            )}
            <span className="premium-plan-head">
              <span className="premium-plan-months">
                {t('premium.months', { count: plan.months })}
              </span>
              {plan.saving_percent > 0 && (
                <span className="premium-plan-saving">
                  {t('premium.save', { percent: formatPercent(plan.saving_percent, lng) })}
                </span>
              )}
            </span>
            <span className="premium-plan-price">
              <strong>{formatMoney(plan.per_month, lng)}</strong>
              <span className="premium-plan-unit">{t('premium.per_month')}</span>
            </span>
            <span className="premium-plan-total">
              {t('premium.one_payment', { price: formatMoney(plan.price, lng) })}
            </span>
            {plan.monthly_credits > 0 && (
              <span className="premium-plan-credits">
                {t('premium.plan_credits', { count: plan.monthly_credits })}
              </span>
            )}
          </label>
        );
      })}
    </div>
  );
}
