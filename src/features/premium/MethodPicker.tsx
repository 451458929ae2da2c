import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '../../shared/contract/payments';

export interface MethodPickerProps {
  methods: readonly PaymentMethod[];
  selected: PaymentMethod | null;
  onSelect: (method: PaymentMethod) => void;
}

/** The payment methods of the member's country as a radio group of chips. */
export function MethodPicker({ methods, selected, onSelect }: MethodPickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="premium-methods">
      <legend className="premium-step-title">{t('premium.methods_title')}</legend>
      <div className="premium-method-list">
        {methods.map((method) => {
          const id = `premium-method-${method}`;
          return (
            <div key={method} className="premium-method">
              <input
                id={id}
                type="radio"
                name="premium-method"
                className="btn-check"
                value={method}
                checked={selected === method}
                onChange={() => onSelect(method)}
              />
              <label htmlFor={id} className="btn premium-method-chip">
                {t(`credits.methods.${method}`)}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
