import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../api/contract';
import { currentLanguage } from '../../i18n/i18n';
import { countryName } from '../../lib/countries';
import { countryOptions, regionOptions } from './country-options';
import { AGE_RANGES, ageRangeOf, type SearchFilters } from './search-api';

export interface SearchFiltersFormProps {
  filters: SearchFilters;
  settings: Settings | null;
  userCountry: string | null;
  disabled: boolean;
  onChange: (patch: Partial<SearchFilters>) => void;
}

/** Gender, age, country and region selects (SPEC §2.6, §5); every change searches at once. */
export function SearchFiltersForm({
  filters,
  settings,
  userCountry,
  disabled,
  onChange,
}: SearchFiltersFormProps) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const id = useId();
  const countries = countryOptions({
    countries: settings?.countries ?? [],
    userCountry,
    selected: filters.country || null,
    geocoded: settings?.geoip_country ?? null,
    nameOf: (code) => countryName(code, lng),
  });
  const regions = regionOptions(settings?.region_data ?? {}, filters.country);
  const age = ageRangeOf(filters);

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
          value={filters.gender}
          disabled={disabled}
          onChange={(e) =>
            onChange({
              gender:
                e.target.value === 'male' || e.target.value === 'female' ? e.target.value : '',
            })
          }
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
          value={age.id}
          disabled={disabled}
          onChange={(e) => {
            const range = AGE_RANGES.find((r) => r.id === e.target.value) ?? AGE_RANGES[0];
            onChange({ min_age: range.min, max_age: range.max });
          }}
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
      {countries.length > 1 && (
        <div className="col-6 col-md">
          <label className="form-label small mb-1" htmlFor={`${id}-country`}>
            {t('members.country')}
          </label>
          <select
            id={`${id}-country`}
            className="form-select"
            value={filters.country}
            disabled={disabled}
            onChange={(e) => onChange({ country: e.target.value })}
          >
            {!filters.country && <option value="">{t('members.country_any')}</option>}
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
          value={filters.country ? filters.countryregion : ''}
          disabled={disabled || !filters.country}
          onChange={(e) => onChange({ countryregion: Number(e.target.value) })}
        >
          {!filters.country && (
            <option value="" disabled>
              {t('members.select_country')}
            </option>
          )}
          <option value={0}>{t('members.region_all')}</option>
          {regions.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
