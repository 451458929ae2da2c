/**
 * Sponsored webcams for the members grid (SPEC §6, §7, §8): fetched only for eligible members,
 * with the current gender and age filters; a filter change or unmount aborts the request in flight.
 */
import { useEffect, useState } from 'react';
import type { CamEntry, FilterOptions } from '../../shared/contract/members';
import type { Settings } from '../../shared/contract/settings';
import { isApiFailure } from '../../api/failure';
import { firstCamsOf } from '../../app/session/first-answers';
import { useSession } from '../../app/session/session-context';
import {
  camList,
  camsQueryFor,
  isSponsoredEligible,
  sponsoredKinds,
  type InterleaveOptions,
} from '../../shared/sponsored';
import { afterFirstScreen } from '../../prerender/after-first-screen';
import { useSiteSettings } from './use-site-settings';

/** What the grid needs to place and draw sponsored cards. */
export interface SponsoredState {
  /** Entries in list order; empty while loading, when ineligible or after a failure. */
  cams: CamEntry[];
  /** Which kinds the site sells ('cams' and 'camads' in member_resell); pass to interleaveSponsored. */
  kinds: Required<InterleaveOptions>;
  /** settings.cams_snapshot_prefix, for entries without their own snapshot address. */
  snapshotPrefix: string;
}

/**
 * Loads the sponsored webcams for the current filters while the member is eligible. The page's
 * first answers may hold them already (the server's answer for the first search's filters): then
 * the grid places them in its first render, and no call is made for those filters.
 */
export function useSponsored(
  filters: Partial<Pick<FilterOptions, 'gender' | 'min_age' | 'max_age'>> | null | undefined,
): SponsoredState {
  const { user } = useSession();
  const settings = useSiteSettings();
  const paid = user?.paid_user ?? null;
  const signupDate = user?.signup_date ?? null;
  const resellKey = (settings?.member_resell ?? []).join(',');
  const query = camsQueryFor(filters);
  const { gender, min_age: minAge, max_age: maxAge } = query;
  const requestKey = [gender, minAge, maxAge, paid, signupDate, resellKey].join('|');
  // The server found the member eligible when it wrote them; only paying since ends that.
  const first = paid === false ? firstCamsOf(user?.id ?? null, query) : null;
  // Cams are kept with the request they answer, so a filter change never shows stale entries.
  const [loaded, setLoaded] = useState<{ key: string; cams: CamEntry[] } | null>(null);

  useEffect(() => {
    if (first) return;
    const member =
      paid === null || signupDate === null ? null : { paid_user: paid, signup_date: signupDate };
    const resell = resellKey ? (resellKey.split(',') as Settings['member_resell']) : [];
    if (!isSponsoredEligible(member, { member_resell: resell }, Date.now())) return;
    const controller = new AbortController();
    const query = camsQueryFor({ gender, min_age: minAge, max_age: maxAge });
    // The calls module (and the contract's schemas it checks answers with) is not part of the
    // members screen's first load: most first loads take their webcams from the page. One without
    // them (the offline reload) asks once the cards are up: evaluated before, those modules held
    // back the render of the cards and the requests for their photos.
    afterFirstScreen()
      .then(() => import('../../api/http'))
      .then(({ call }) => call('cams', { query, signal: controller.signal }))
      .then(
        (response) => setLoaded({ key: requestKey, cams: camList(response.cams) }),
        (error: unknown) => {
          // SPEC §8: webcam failures are only logged; an abort is logged as aborted.
          if (isApiFailure(error, 'aborted')) console.info('Sponsored webcams request aborted');
          else console.warn('Sponsored webcams request failed', error);
        },
      );
    return () => controller.abort();
  }, [first, requestKey, gender, minAge, maxAge, paid, signupDate, resellKey]);

  return {
    cams: loaded?.key === requestKey ? loaded.cams : first ? camList(first.cams) : [],
    kinds: sponsoredKinds(settings),
    snapshotPrefix: settings?.cams_snapshot_prefix ?? '',
  };
}
