import { useTranslation } from 'react-i18next';
import type { Settings } from '../../shared/contract/settings';
import type { SearchFilters } from '../../db/db';
import { currentLanguage } from '../../i18n/interface-language';
import { countryName } from '../../shared/countries';
import { useGeolocation, type LocateStatus } from './use-geolocation';

export interface LocateButtonProps {
  settings: Settings | null;
  /** The screen's filter change (which reloads the search). */
  onApply: (patch: Partial<SearchFilters>) => void;
}

const MESSAGE = {
  locating: 'geo.locating',
  denied: 'geo.denied',
  unavailable: 'geo.unavailable',
  unsupported: 'geo.unsupported',
  'no-region': 'geo.no_region',
  'not-served': 'geo.not_served',
} as const satisfies Record<Exclude<LocateStatus, null>, string>;

/**
 * "Use my location" (SPEC §4) as two filter columns: the button, then a full-width line that
 * announces what happened (always present, so screen readers hear each change).
 */
export function LocateButton({ settings, onApply }: LocateButtonProps) {
  const { t, i18n } = useTranslation();
  const { status, place, locate } = useGeolocation(settings, onApply);
  const locating = status === 'locating';
  const message = status
    ? t(MESSAGE[status], { country: countryName(place?.country, currentLanguage(i18n)) })
    : '';
  const warn = status !== null && !locating;

  return (
    <>
      <div className="col-12 col-md-auto">
        <button
          type="button"
          className="locate-button btn btn-outline-secondary w-100"
          aria-disabled={locating || undefined}
          onClick={locating ? undefined : locate}
        >
          {locating && (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          )}
          {t('geo.locate')}
        </button>
      </div>
      <div
        className={
          message
            ? `col-12 small ${warn ? 'text-danger-emphasis' : 'text-body-secondary'}`
            : 'visually-hidden'
        }
        role="status"
        aria-live="polite"
      >
        {message}
      </div>
    </>
  );
}
