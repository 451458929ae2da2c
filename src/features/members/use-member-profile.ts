/**
 * The profile page's data: whatever IndexedDB holds for the member (full details, or the card from
 * search and likes) at once, while the sync worker fetches the profile and writes it there. The
 * answer it hands back is shown too, so a device with no room left to store it still shows it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Gender, Language } from '../../shared/contract/fields';
import type { ProfileImage } from '../../shared/contract/members';
import { getSync, isSyncError } from '../../bridges/worker-bridge';
import type { ProfileDetailsRow } from '../../db/db';
import { memberProfile, type MemberProfileView } from '../../db/queries';
import { useOnline } from './use-online';

/** Where the fetch stands: running, done, or why it failed. */
export type MemberFetchStatus =
  'loading' | 'ready' | 'offline' | 'not-found' | 'login-required' | 'failed';

export interface MemberProfileState {
  /** Undefined until IndexedDB has answered. */
  view: MemberProfileView | undefined;
  status: MemberFetchStatus;
  retry: () => void;
}

/** The member as the page shows them: the full profile, or what a cached card already knows. */
export interface ShownMember {
  id: number;
  name: string;
  age: number | null;
  gender: Gender | null;
  city: string | null;
  region: string | null;
  country: string | null;
  language: Language;
  /** Main photo first. */
  photos: ProfileImage[];
  fields: Record<string, string>;
  notes: Record<string, string>;
  personal: string | null;
  /** The full profile arrived at some point; false while only the card is known. */
  complete: boolean;
  /** A premium member (badge); absent otherwise. */
  premium?: boolean;
}

/** Merges what IndexedDB holds into one shape; null when nothing about the member is cached. */
export function shownMember(view: MemberProfileView | undefined): ShownMember | null {
  const details = view?.details;
  if (details) {
    const main = details.main_image;
    const others = details.images.filter((image) => image.id !== main?.id);
    return { ...details, photos: main ? [main, ...others] : others, complete: true };
  }
  const card = view?.card;
  if (!card) return null;
  return {
    ...card,
    gender: null,
    region: null,
    photos: card.main_image ? [{ id: 0, thumb_filename: card.main_image.thumb_filename }] : [],
    fields: {},
    notes: {},
    personal: null,
    complete: false,
  };
}

/** What a rejected loadProfile means for the page (visitors get 403 when the site hides profiles). */
export function fetchStatusOf(error: unknown, loggedIn: boolean): MemberFetchStatus {
  if (!isSyncError(error)) return 'failed';
  if (error.kind === 'network') return 'offline';
  if (error.status === 404 || error.status === 400) return 'not-found';
  if (error.kind === 'auth' && !loggedIn) return 'login-required';
  return 'failed';
}

/**
 * Member `id` for the profile page. `viewer` is the logged-in member (null: visitor, undefined:
 * not known yet); the profile is fetched again when it changes, when the connection returns,
 * and on retry.
 */
export function useMemberProfile(
  id: number,
  viewer: number | null | undefined,
): MemberProfileState {
  const view = useLiveQuery(() => memberProfile(id), [id]);
  const online = useOnline();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{
    key: string;
    status: MemberFetchStatus;
    details?: ProfileDetailsRow;
  } | null>(null);
  const key = `${id}:${viewer}:${attempt}:${online}`;

  useEffect(() => {
    if (!online || viewer === undefined) return;
    let current = true;
    getSync()
      .loadProfile(id)
      .then(
        (details) =>
          current &&
          setResult({
            key,
            status: 'ready',
            details: { ...details, etag: null, fetchedAt: Date.now() },
          }),
        (error: unknown) => {
          if (!current) return;
          const status = fetchStatusOf(error, viewer !== null);
          if (status === 'failed') console.warn('Profile load failed', error);
          setResult({ key, status });
        },
      );
    return () => {
      current = false;
    };
  }, [id, viewer, online, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const status: MemberFetchStatus = !online
    ? 'offline'
    : result?.key === key
      ? result.status
      : 'loading';
  // The stored copy is the worker's answer once written; without room to write it, the answer.
  const fetched = result?.details?.id === id ? result.details : undefined;
  const shown = useMemo(
    () => (view && !view.details && fetched ? { ...view, details: fetched } : view),
    [view, fetched],
  );
  return { view: shown, status, retry };
}
