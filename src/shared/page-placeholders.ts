/**
 * The legal pages' `{{placeholders}}` that come from the site settings (SPEC §3 company fields).
 * No imports but a type, so the server fills the same values into prerendered pages.
 */
import type { Settings } from './contract/settings';

/** Placeholder names filled from the settings, in the order of the company data. */
export const SETTINGS_PLACEHOLDERS = [
  'site_name',
  'company_name',
  'company_address',
  'company_city',
  'company_country',
  'kvk',
  'vat_number',
  'support_phone',
] as const;

/** Values of SETTINGS_PLACEHOLDERS; empty (or the product name) while settings are unknown. */
export function settingsPlaceholders(
  settings: Pick<Settings, 'name' | 'company' | 'support_phone'> | null,
): Record<(typeof SETTINGS_PLACEHOLDERS)[number], string> {
  const company = settings?.company;
  return {
    site_name: settings?.name ?? 'Amora',
    company_name: company?.name ?? '',
    company_address: company?.address ?? '',
    company_city: company?.city ?? '',
    company_country: company?.country ?? '',
    kvk: company?.kvk ?? '',
    vat_number: company?.vat_numbers.join(', ') ?? '',
    support_phone: settings?.support_phone ?? '',
  };
}
