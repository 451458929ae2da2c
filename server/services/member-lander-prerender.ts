/**
 * The prerendered member landers' request-time card (src/shared/prerender/member-slots.ts): the member the
 * API would show a visitor on this address, written into the page's slots. Whenever the API would
 * show no member (hidden, left, blocked, opted out, logged-out search off) or the card lacks a
 * photo, the filler answers null and the app shell draws the page as it always did: the slots
 * never decide who may be seen, the repository does.
 */
import { LANGUAGES, type Language, type Profile } from '../../src/shared/contract/fields';
import { countryName } from '../../src/shared/countries';
import { trafficSourceOf } from '../../src/shared/tracking-query';
import { MEMBER_SLOTS } from '../../src/shared/prerender/member-slots';
import type { SiteConfig } from '../config';
import { todayIso } from '../lib/dates';
import { localeTexts } from '../lib/locale-texts';
import type { SlotFiller } from '../lib/prerendered-pages';
import { visitorsMaySee } from './lander-audience';

/** What the filler needs of the server: the site rules and the card lookup the API uses. */
export interface MemberCardSource {
  config: Pick<SiteConfig, 'logged_out_search' | 'logged_out_search_trafficsource' | 'cdn_prefix'>;
  memberCard(member: number, viewerId: null, today: string, now: number): Promise<Profile | null>;
}

/** The slot values of one member's card in `language`; null without a photo. */
export function memberSlotValues(
  profile: Profile,
  language: Language,
  cdnPrefix: string,
  ageText: string | null,
): Record<string, string> | null {
  if (!profile.main_image) return null;
  return {
    [MEMBER_SLOTS.id]: String(profile.id),
    [MEMBER_SLOTS.name]: profile.name,
    [MEMBER_SLOTS.photo]: cdnPrefix + profile.main_image.thumb_filename,
    [MEMBER_SLOTS.age]:
      profile.age !== null && ageText ? ageText.replace('{{age}}', String(profile.age)) : '',
    [MEMBER_SLOTS.place]: [profile.city, countryName(profile.country, language)]
      .filter(Boolean)
      .join(', '),
  };
}

/** The filler named `member-card` in the prerender registry. */
export function memberCardFiller(localesDir: string, source: MemberCardSource): SlotFiller {
  const text = localeTexts(localesDir);
  return async (request, match) => {
    const member = Number(match.params.memberId);
    const language = match.language;
    // The API's own bounds for an id (MemberLanderQuery): anything else is no member.
    if (!Number.isInteger(member) || member < 1 || member > 2 ** 31 - 1) return null;
    if (!LANGUAGES.includes(language)) return null;
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const trafficsource = trafficSourceOf(query)?.slice(0, 100) ?? undefined;
    if (!visitorsMaySee(source.config, trafficsource)) return null;
    const profile = await source.memberCard(member, null, todayIso(), Date.now());
    if (!profile) return null;
    const ageText = text(language, 'memberLander.age');
    return memberSlotValues(profile, language, source.config.cdn_prefix, ageText);
  };
}
