/** The site settings for cards and filters: the session's copy, else what the worker stored (offline start). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Settings } from '../../shared/contract/settings';
import { useSession } from '../../app/session/session-context';
import { siteSettings } from '../../db/queries';

export function useSiteSettings(): Settings | null {
  const { settings } = useSession();
  const stored = useLiveQuery(() => (settings ? null : siteSettings()), [settings]);
  return settings ?? stored ?? null;
}
