import type { Profile } from '../../api/contract';
import { ProfileCard } from './ProfileCard';

/** Responsive card grid: two columns on phones, up to four on wide screens. */
export function ProfileGrid({
  profiles,
  cdnPrefix,
  showLanguageBadge,
  headingLevel,
}: {
  profiles: readonly Profile[];
  cdnPrefix: string;
  showLanguageBadge?: boolean;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="profile-grid row row-cols-2 row-cols-md-3 row-cols-lg-4 g-2 g-sm-3 list-unstyled">
      {profiles.map((profile) => (
        <li className="col" key={profile.id}>
          <ProfileCard
            profile={profile}
            cdnPrefix={cdnPrefix}
            showLanguageBadge={showLanguageBadge}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards of the same shape while the first results load. */
export function ProfileGridSkeleton({ count }: { count: number }) {
  return (
    <ul
      className="profile-grid row row-cols-2 row-cols-md-3 row-cols-lg-4 g-2 g-sm-3 list-unstyled"
      aria-hidden="true"
    >
      {Array.from({ length: count }, (_, i) => (
        <li className="col" key={i}>
          <div className="profile-card card h-100 is-skeleton">
            <div className="profile-card-photo" />
            <div className="card-body">
              <span className="skeleton-line w-75" />
              <span className="skeleton-line w-50" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
