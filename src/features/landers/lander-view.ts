/** What every lander design gets: plain data in, markup out (no worker, no IndexedDB inside). */
import type { ReactNode } from 'react';
import type { Language, Profile } from '../../shared/contract/fields';

export interface LanderViewProps {
  /** Who the page is for ("Women looking for men"), from the slug's niche. */
  audience: string;
  /** The members to show; null while they load (the headline and the call to action do not wait). */
  profiles: readonly Profile[] | null;
  /** How many members fit the niche (server-rounded), null until known. */
  total: number | null;
  /** Image address prefix (settings.cdn_prefix). */
  cdnPrefix: string;
  /** The members are the copy of an earlier visit: there is no connection. */
  stored: boolean;
  /** The sign-up section the page ends with. */
  join: ReactNode;
  /** The page's language, from the slug. */
  language: Language;
}
