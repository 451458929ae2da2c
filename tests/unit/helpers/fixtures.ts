/** Contract-valid sample data. */
import type { User } from '../../../src/shared/contract/account';
import type { ChatMessage } from '../../../src/shared/contract/chat';
import type { Profile } from '../../../src/shared/contract/fields';
import type { SearchResponse } from '../../../src/shared/contract/members';
import type { Settings } from '../../../src/shared/contract/settings';

export function demoSettings(): Settings {
  return {
    name: 'Amora',
    domain_language: 'en',
    signups: 'all',
    countries: ['NL', 'BE', 'DE'],
    region_data: { NL: [{ id: 1, name: 'Utrecht' }], BE: [], DE: [] },
    visible_profile_fields: [],
    visible_profile_notes: [],
    cdn_prefix: '/uploads/',
    geoip_selected_country: null,
    geoip_country: null,
    minimum_message_costs: {},
    logged_out_search: true,
    logged_out_search_trafficsource: false,
    push_pub: null,
    niche: 1,
    fictional_icon: false,
    support_phone: '+31 20 123 4567',
    search_fields: [],
    member_resell: [],
    delete_discount: false,
    company: {
      name: 'Amora B.V.',
      address: 'Keizersgracht 1',
      kvk: '12345678',
      city: 'Amsterdam',
      country: 'Netherlands',
      tradenames: ['Amora'],
      vat_numbers: ['NL123456789B01'],
    },
  };
}

export function demoUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'demo@example.com',
    profile: {
      id: 7,
      name: 'Demo',
      country: 'NL',
      countryregion: 1,
      city: 'Utrecht',
      gender: 'female',
      date_of_birth: '1990-05-01',
      main_image: null,
      images: [],
      personal: null,
      language: 'en',
      lastSignupStep: true,
      fields: {},
      notes: {},
    },
    mailprovider: 2,
    fictional_icon: false,
    loggedIn: true,
    paid_user: false,
    signup_date: '2026-01-01',
    activated: true,
    credits: 10,
    premium_until: null,
    pending_email: null,
    ...overrides,
  };
}

export function profile(id: number, overrides: Partial<Profile> = {}): Profile {
  return {
    id,
    name: `Member ${id}`,
    age: 30,
    city: 'Utrecht',
    country: 'NL',
    language: 'en',
    main_image: { thumb_filename: `m${id}.jpg` },
    ...overrides,
  };
}

export function searchResponse(profiles: Profile[], total = profiles.length): SearchResponse {
  return {
    profiles,
    paging: { num_results: total, page: 1, pp: 12 },
    filter_options: { gender: '', min_age: 18, max_age: null, country: 'NL', countryregion: 0 },
  };
}

/** A message of the demo member (7) in conversation 1 as the server stores it: id `id`, minute `id`. */
export function ownMessage(id: number, msg: string, clientId: string | null): ChatMessage {
  return {
    id,
    conversation: 1,
    sender: 7,
    msg,
    client_id: clientId,
    created_at: `2026-01-01T00:0${id}:00Z`,
    read_at: null,
    delivered_at: null,
  };
}
