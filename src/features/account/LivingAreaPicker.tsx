import type { ReactNode } from 'react';
import { LivingAreaFields, type LivingAreaFieldsProps } from './LivingAreaFields';
import type { LivingArea } from './use-living-area';

type FieldProps = Omit<
  LivingAreaFieldsProps,
  | 'regions'
  | 'country'
  | 'region'
  | 'city'
  | 'onCountryChange'
  | 'onRegionChange'
  | 'onCityChange'
  | 'onCityBlur'
>;

export interface LivingAreaPickerProps extends FieldProps {
  area: LivingArea;
  /** The screen's own look of the "Use my location" row. */
  locate: {
    className: string;
    icon: ReactNode;
    label: ReactNode;
    statusClassName: string;
    statusText: string;
  };
  /** A wrapper for the fields (a grid row), when the screen lays them out in one. */
  fieldsClassName?: string;
}

/**
 * Where the member lives, as the sign-up wizard and the profile page ask it: "Use my location"
 * with a line that announces what happened (always present, so screen readers hear each change),
 * then country, region and city.
 */
export function LivingAreaPicker({
  area,
  locate,
  fieldsClassName,
  ...fieldProps
}: LivingAreaPickerProps) {
  const locating = area.status === 'locating';
  const fields = (
    <LivingAreaFields
      {...fieldProps}
      regions={area.regions}
      country={area.country}
      region={area.region}
      city={area.city}
      onCountryChange={area.setCountry}
      onRegionChange={area.setRegion}
      onCityChange={area.setCity}
      onCityBlur={area.touchCity}
    />
  );
  return (
    <>
      <div className={locate.className}>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          aria-disabled={locating || undefined}
          onClick={locating ? undefined : area.locate}
        >
          {locating ? (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          ) : (
            locate.icon
          )}
          {locate.label}
        </button>
        <p className={locate.statusClassName} role="status" aria-live="polite">
          {locate.statusText}
        </p>
      </div>
      {fieldsClassName ? <div className={fieldsClassName}>{fields}</div> : fields}
    </>
  );
}
