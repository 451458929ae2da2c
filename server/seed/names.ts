/**
 * First names per country and language from faker's locale data, so a Flemish member is called
 * Febe or Juul and a Québécois one Alcine, with the name matching the member's gender.
 */
import {
  fakerDE,
  fakerDE_AT,
  fakerDE_CH,
  fakerEN,
  fakerEN_AU,
  fakerEN_CA,
  fakerEN_GB,
  fakerEN_IE,
  fakerEN_US,
  fakerES,
  fakerFI,
  fakerFR,
  fakerFR_BE,
  fakerFR_CA,
  fakerFR_CH,
  fakerIT,
  fakerNL,
  fakerNL_BE,
  fakerPL,
  type Faker,
} from '@faker-js/faker';
import type { Gender, Language } from '../../src/shared/contract/fields';

/** The faker locale whose names fit a member of this country speaking this language. */
const LOCALES: Record<string, Faker> = {
  'NL-nl': fakerNL,
  'BE-nl': fakerNL_BE,
  'BE-fr': fakerFR_BE,
  'DE-de': fakerDE,
  'AT-de': fakerDE_AT,
  'CH-de': fakerDE_CH,
  'CH-fr': fakerFR_CH,
  'CH-it': fakerIT,
  'GB-en': fakerEN_GB,
  'IE-en': fakerEN_IE,
  'US-en': fakerEN_US,
  'CA-en': fakerEN_CA,
  'CA-fr': fakerFR_CA,
  'AU-en': fakerEN_AU,
  'NZ-en': fakerEN,
  'FR-fr': fakerFR,
  'IT-it': fakerIT,
  'ES-es': fakerES,
  'PL-pl': fakerPL,
  'FI-en': fakerFI,
};

type NameLists = Record<Gender, readonly string[]>;

const cache = new Map<string, NameLists>();

function listsOf(faker: Faker): NameLists {
  const names = faker.definitions.person?.first_name;
  const generic = names?.generic ?? [];
  const female = names?.female?.length ? names.female : generic;
  const male = names?.male?.length ? names.male : generic;
  if (female.length === 0 || male.length === 0) throw new Error('Faker locale without first names');
  return { female, male };
}

/** First names for members of a country and language, by gender. */
export function firstNames(country: string, language: Language): NameLists {
  const key = `${country}-${language}`;
  let lists = cache.get(key);
  if (!lists) {
    lists = listsOf(LOCALES[key] ?? fakerEN);
    cache.set(key, lists);
  }
  return lists;
}
