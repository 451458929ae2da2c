/**
 * The site as the API presents it: settings, allowed countries and their regions.
 * Region ids are the 1-based position within the country in country-region-data, so they stay
 * stable as long as that package's order does (pinned by package-lock).
 */
import { allCountries } from 'country-region-data';
import type { Region } from '../../src/shared/contract/fields';
import type { CompanyInfoResponse, Settings } from '../../src/shared/contract/settings';
import type { z } from 'zod';
import type { SiteConfig } from '../config';

/** What routes ask about the site. */
export interface Site {
  config: SiteConfig;
  /** Allowed countries, in config order. */
  countries: readonly string[];
  regionData: Record<string, Region[]>;
  isAllowedCountry(country: string): boolean;
  /** True when `regionId` is a region of `country`. */
  hasRegion(country: string, regionId: number): boolean;
  /** The Settings entity; geoip fields come from the request when known. */
  settings(geoip: { country: string | null; selected: string | null }): Settings;
  companyInfo(): z.infer<typeof CompanyInfoResponse>;
}

/** Region lists of the given countries; throws for a code the data set does not know. */
export function buildRegionData(countries: readonly string[]): Record<string, Region[]> {
  const byCode = new Map(allCountries.map(([, code, regions]) => [code as string, regions]));
  const data: Record<string, Region[]> = {};
  for (const country of countries) {
    const regions = byCode.get(country);
    if (!regions) throw new Error(`Unknown country in site config: ${country}`);
    data[country] = regions.map(([name], index) => ({ id: index + 1, name }));
  }
  return data;
}

/** Builds the site from its config once at start-up. */
export function createSite(config: SiteConfig): Site {
  const regionData = buildRegionData(config.countries);
  const allowed = new Set(config.countries);
  return {
    config,
    countries: config.countries,
    regionData,
    isAllowedCountry: (country) => allowed.has(country),
    hasRegion: (country, regionId) =>
      (regionData[country] ?? []).some((region) => region.id === regionId),
    settings: (geoip) => ({
      name: config.name,
      domain_language: config.domain_language,
      signups: config.signups,
      countries: [...config.countries],
      region_data: regionData,
      visible_profile_fields: config.visible_profile_fields,
      visible_profile_notes: config.visible_profile_notes,
      cdn_prefix: config.cdn_prefix,
      geoip_selected_country: geoip.selected,
      geoip_country: geoip.country,
      minimum_message_costs: config.minimum_message_costs,
      logged_out_search: config.logged_out_search,
      logged_out_search_trafficsource: config.logged_out_search_trafficsource,
      push_pub: null,
      niche: config.niche,
      fictional_icon: config.fictional_icon,
      support_phone: config.support_phone,
      search_fields: config.search_fields,
      member_resell: config.member_resell,
      delete_discount: config.delete_discount,
      company: config.company,
    }),
    companyInfo: () => ({
      ...config.company,
      support_phone: config.support_phone,
      site_name: config.name,
    }),
  };
}
