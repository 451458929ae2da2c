import type { Profile } from '../../../shared/contract/fields';
import { nameWithAge } from '../lander-rules';
import { MemberPhoto } from './MemberPhoto';

export interface MemberStripProps {
  profiles: readonly Profile[] | null;
  cdnPrefix: string;
  /** How many to show, and how many placeholders while loading. */
  count: number;
  size?: number;
  label: string;
}

/** A row of members (photo, name and age, town); fixed-size placeholders while they load. */
export function MemberStrip({ profiles, cdnPrefix, count, size = 96, label }: MemberStripProps) {
  if (profiles && profiles.length === 0) return null;
  return (
    <ul className="lander-strip list-unstyled" aria-label={label} aria-busy={profiles === null}>
      {profiles
        ? profiles.slice(0, count).map((profile) => (
            <li key={profile.id} className="lander-strip-item">
              <MemberPhoto profile={profile} cdnPrefix={cdnPrefix} size={size} />
              <span className="lander-strip-name">{nameWithAge(profile)}</span>
              {profile.city && <span className="lander-strip-city">{profile.city}</span>}
            </li>
          ))
        : Array.from({ length: count }, (_, i) => (
            <li key={i} className="lander-strip-item" aria-hidden="true">
              <span className="lander-photo lander-skeleton" />
              <span className="lander-strip-name lander-skeleton-line" />
            </li>
          ))}
    </ul>
  );
}
