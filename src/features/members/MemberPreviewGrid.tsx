import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { getSync } from '../../bridges/worker-bridge';
import { currentSearch, searchResults } from '../../db/queries';
import { ProfileCard } from './ProfileCard';
import { ProfileGrid } from './ProfileGrid';
import { ProfileGridSkeleton } from './ProfileGridSkeleton';
import { useSiteSettings } from './use-site-settings';

/** The first results of the stored search, or [] when none is stored yet. */
async function firstResults(count: number) {
  const search = await currentSearch();
  return search ? (await searchResults(search.filterKey)).slice(0, count) : [];
}

/**
 * A few members for the start page and the error page (logged in only), from the search the
 * worker stored; with none stored yet it asks for the first (automatic) search once.
 */
export default function MemberPreviewGrid({ count }: { count: number }) {
  const settings = useSiteSettings();
  const profiles = useLiveQuery(() => firstResults(count), [count]);
  // True while the first search runs, so the grid keeps its skeleton instead of popping in.
  const [searching, setSearching] = useState(true);

  useEffect(() => {
    let cancelled = false;
    const done = () => {
      if (!cancelled) setSearching(false);
    };
    void currentSearch()
      .then(async (stored) => {
        if (cancelled || stored) return;
        await getSync().search();
      })
      // SPEC §8: a failed search is only logged; the grid then stays away.
      .catch((error: unknown) => console.warn('Member preview failed', error))
      .finally(done);
    return () => {
      cancelled = true;
    };
  }, []);

  if (profiles === undefined || (searching && profiles.length === 0))
    return <ProfileGridSkeleton count={count} actions />;
  if (profiles.length === 0) return null;
  return (
    <ProfileGrid items={profiles} keyOf={(p) => p.id}>
      {(profile) => (
        <ProfileCard
          profile={profile}
          cdnPrefix={settings?.cdn_prefix ?? ''}
          member
          headingLevel={3}
        />
      )}
    </ProfileGrid>
  );
}
