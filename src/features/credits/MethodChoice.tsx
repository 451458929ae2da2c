import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '../../shared/contract/payments';
import { CreditsIcon } from './CreditsIcon';

export interface MethodChoiceProps {
  methods: readonly PaymentMethod[];
  selected: PaymentMethod | null;
  onSelect: (method: PaymentMethod) => void;
}

/** The payment methods of the member's country as a radio group of large, tappable tiles. */
export function MethodChoice({ methods, selected, onSelect }: MethodChoiceProps) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="credits-methods">
      <legend className="credits-step-title">{t('credits.method_title')}</legend>
      <div className="credits-method-list">
        {methods.map((method) => {
          const id = `${name}-${method}`;
          return (
            <div key={method} className="credits-method">
              <input
                id={id}
                type="radio"
                name={name}
                className="btn-check"
                value={method}
                checked={selected === method}
                onChange={() => onSelect(method)}
              />
              <label htmlFor={id} className="credits-method-tile">
                <CreditsIcon name={method === 'card' ? 'card' : 'bank'} />
                <span>{t(`credits.methods.${method}`)}</span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
