import { useEffect, useState } from 'react';
import type { Profile } from '../../api/contract';
import { isApiFailure } from '../../api/http';
import { useSession } from '../../app/session/session-context';
import { ProfileGrid, ProfileGridSkeleton } from './ProfileGrid';
import { firstSearch } from './search-api';

/** A few members from the first search page, for the start page and the error page. */
export default function MemberPreviewGrid({ count }: { count: number }) {
  const { settings } = useSession();
  const [profiles, setProfiles] = useState<Profile[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    firstSearch(controller.signal)
      .then((result) => setProfiles(result.profiles.slice(0, count)))
      .catch((error: unknown) => {
        // SPEC §8: failed searches are only logged.
        if (!isApiFailure(error, 'aborted')) console.warn('Member preview failed', error);
        setProfiles([]);
      });
    return () => controller.abort();
  }, [count]);

  if (profiles === null) return <ProfileGridSkeleton count={count} />;
  if (profiles.length === 0) return null;
  return <ProfileGrid profiles={profiles} cdnPrefix={settings?.cdn_prefix ?? ''} />;
}
