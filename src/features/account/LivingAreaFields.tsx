import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Region } from '../../shared/contract/fields';
import { currentLanguage } from '../../i18n/interface-language';
import { countryName } from '../../shared/countries';

/** The words of the three fields; each screen passes its own messages. */
export interface LivingAreaTexts {
  country: string;
  chooseCountry: string;
  region: string;
  noRegion: string;
  city: string;
}

export interface LivingAreaFieldsProps {
  /** Prefix of the field ids: `${id}-country`, `${id}-region`, `${id}-city`; errors add `-error`. */
  id: string;
  /** settings.countries; the select only shows when there is more than one. */
  countries: readonly string[];
  /** settings.region_data of the chosen country. */
  regions: readonly Region[];
  country: string;
  region: number;
  city: string;
  onCountryChange: (country: string) => void;
  onRegionChange: (region: number) => void;
  onCityChange: (city: string) => void;
  onCityBlur?: () => void;
  texts: LivingAreaTexts;
  countryError?: string | null;
  /** Leave out when the city is not checked: the input then has no aria-invalid at all. */
  cityError?: string | null;
  cityMaxLength: number;
  /** Shown instead of the country select when the site serves a single country. */
  fixedCountry: ReactNode;
  /** Classes of the wrapper of each field (grid columns or stacked margins). */
  fieldClassNames: { country: string; region: string; city: string };
  /** Bootstrap's large controls. */
  large?: boolean;
  /** Hide the region select when the country has no regions, instead of disabling it. */
  hideEmptyRegion?: boolean;
  errorClassName?: string;
}

/** Country select, region select and city input of the sign-up wizard and the profile page. */
export function LivingAreaFields({
  id,
  countries,
  regions,
  country,
  region,
  city,
  onCountryChange,
  onRegionChange,
  onCityChange,
  onCityBlur,
  texts,
  countryError,
  cityError,
  cityMaxLength,
  fixedCountry,
  fieldClassNames,
  large = false,
  hideEmptyRegion = false,
  errorClassName = 'invalid-feedback',
}: LivingAreaFieldsProps) {
  const { i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const options = useMemo(
    () =>
      countries
        .map((code) => ({ code, name: countryName(code, lng) }))
        .sort((a, b) => a.name.localeCompare(b.name, lng)),
    [countries, lng],
  );
  const lg = large ? ' form-select-lg' : '';
  const countryId = `${id}-country`;
  const cityId = `${id}-city`;
  const cityAria =
    cityError === undefined
      ? {}
      : {
          'aria-invalid': Boolean(cityError),
          'aria-describedby': cityError ? `${cityId}-error` : undefined,
        };

  return (
    <>
      {countries.length > 1 ? (
        <div className={fieldClassNames.country}>
          <label className="form-label" htmlFor={countryId}>
            {texts.country}
          </label>
          <select
            id={countryId}
            className={`form-select${lg}${countryError ? ' is-invalid' : ''}`}
            value={country}
            onChange={(e) => {
              onCountryChange(e.target.value);
              // The regions belong to the country.
              onRegionChange(0);
            }}
            aria-invalid={Boolean(countryError)}
            aria-describedby={countryError ? `${countryId}-error` : undefined}
            required
          >
            <option value="" disabled>
              {texts.chooseCountry}
            </option>
            {options.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          {countryError && (
            <div id={`${countryId}-error`} className={errorClassName}>
              {countryError}
            </div>
          )}
        </div>
      ) : (
        fixedCountry
      )}
      {(!hideEmptyRegion || regions.length > 0) && (
        <div className={fieldClassNames.region}>
          <label className="form-label" htmlFor={`${id}-region`}>
            {texts.region}
          </label>
          <select
            id={`${id}-region`}
            className={`form-select${lg}`}
            value={region}
            disabled={!country || regions.length === 0}
            onChange={(e) => onRegionChange(Number(e.target.value))}
          >
            <option value={0}>{texts.noRegion}</option>
            {regions.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={fieldClassNames.city}>
        <label className="form-label" htmlFor={cityId}>
          {texts.city}
        </label>
        <input
          id={cityId}
          type="text"
          className={`form-control${large ? ' form-control-lg' : ''}${cityError ? ' is-invalid' : ''}`}
          autoComplete="address-level2"
          maxLength={cityMaxLength}
          value={city}
          onChange={(e) => onCityChange(e.target.value)}
          onBlur={onCityBlur}
          {...cityAria}
        />
        {cityError && (
          <div id={`${cityId}-error`} className={errorClassName}>
            {cityError}
          </div>
        )}
      </div>
    </>
  );
}
