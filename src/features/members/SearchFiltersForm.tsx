import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../shared/contract/settings';
import type { SearchFilters } from '../../db/db';
import { currentLanguage } from '../../i18n/interface-language';
import {
  AGE_RANGES,
  ageRangeOf,
  agePatch,
  countryCollator,
  countryOptions,
  regionCountry,
  regionOptions,
  showCountrySelect,
} from './filter-options';
import { prepareForTakeOver } from '../../prerender/take-over-preparations';

// The country select sorts by name: its collator is made before the filters render.
prepareForTakeOver(countryCollator);

/** Shown (disabled) before the first search answered, so the panel does not jump in later. */
const PLACEHOLDER_FILTERS: SearchFilters = {
  gender: '',
  min_age: 18,
  max_age: null,
  country: '',
  countryregion: 0,
};

export interface SearchFiltersFormProps {
  /** The worker's current filters; null until the first search stored them. */
  filters: SearchFilters | null;
  settings: Settings | null;
  userCountry: string | null;
  onChange: (patch: Partial<SearchFilters>) => void;
  /** Extra columns after the selects ("Use my location"); each element brings its own `col`. */
  locate?: ReactNode;
}

/**
 * Gender, age, country and region (SPEC §2.6, §5). Every change searches at once; the selects
 * stay enabled while results load, so keyboard focus is never thrown out of the form.
 */
export function SearchFiltersForm({
  filters,
  settings,
  userCountry,
  onChange,
  locate,
}: SearchFiltersFormProps) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const id = useId();
  const current = filters ?? PLACEHOLDER_FILTERS;
  const disabled = filters === null;
  const countries = countryOptions({
    countries: settings?.countries ?? [],
    userCountry,
    selected: current.country,
    geocoded: settings?.geoip_country ?? null,
    lng,
  });
  const regionOf = regionCountry(current.country, countries);
  const regions = regionOptions(settings?.region_data ?? {}, regionOf);

  const changeRegion = (value: string) => {
    const countryregion = Number(value);
    // With the country select hidden the region also fixes the only country there is.
    onChange(current.country ? { countryregion } : { country: regionOf, countryregion });
  };

  return (
    <form
      className="search-filters row g-2 align-items-end"
      onSubmit={(e) => e.preventDefault()}
      aria-label={t('members.filters')}
    >
      <div className="col-6 col-md">
        <label className="form-label small mb-1" htmlFor={`${id}-gender`}>
          {t('members.gender')}
        </label>
        <select
          id={`${id}-gender`}
          className="form-select"
          value={current.gender}
          disabled={disabled}
          onChange={(e) => {
            const v = e.target.value;
            onChange({ gender: v === 'male' || v === 'female' ? v : '' });
          }}
        >
          <option value="">{t('members.gender_any')}</option>
          <option value="female">{t('members.gender_female')}</option>
          <option value="male">{t('members.gender_male')}</option>
        </select>
      </div>
      <div className="col-6 col-md">
        <label className="form-label small mb-1" htmlFor={`${id}-age`}>
          {t('members.age')}
        </label>
        <select
          id={`${id}-age`}
          className="form-select"
          value={ageRangeOf(current).id}
          disabled={disabled}
          onChange={(e) => onChange(agePatch(e.target.value))}
        >
          {AGE_RANGES.map((range) => (
            <option key={range.id} value={range.id}>
              {range.id === 'all'
                ? t('members.age_all')
                : range.max === null
                  ? t('members.age_over', { min: range.min })
                  : t('members.age_range', { min: range.min, max: range.max })}
            </option>
          ))}
        </select>
      </div>
      {showCountrySelect(countries) && (
        <div className="col-6 col-md">
          <label className="form-label small mb-1" htmlFor={`${id}-country`}>
            {t('members.country')}
          </label>
          <select
            id={`${id}-country`}
            className="form-select"
            value={current.country.toUpperCase()}
            disabled={disabled}
            onChange={(e) => onChange({ country: e.target.value })}
          >
            {!current.country && <option value="">{t('members.country_any')}</option>}
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="col-6 col-md">
        <label className="form-label small mb-1" htmlFor={`${id}-region`}>
          {t('members.region')}
        </label>
        <select
          id={`${id}-region`}
          className="form-select"
          value={regionOf ? String(current.countryregion) : ''}
          disabled={disabled || !regionOf}
          onChange={(e) => changeRegion(e.target.value)}
        >
          {regions.map((r) =>
            r.kind === 'select-country' ? (
              <option key="select" value="" disabled>
                {t('members.select_country')}
              </option>
            ) : r.kind === 'all' ? (
              <option key="all" value="0">
                {t('members.region_all')}
              </option>
            ) : (
              <option key={r.value} value={r.value}>
                {r.name}
              </option>
            ),
          )}
        </select>
      </div>
      {locate}
    </form>
  );
}
