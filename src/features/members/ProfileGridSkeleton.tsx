import { GRID_CLASS } from './ProfileGrid';

/**
 * Grey cards of the real cards' shape while results load, so nothing shifts when they arrive;
 * `actions` matches the height of the card's button row.
 */
export function ProfileGridSkeleton({ count, actions }: { count: number; actions: boolean }) {
  return (
    <ul className={GRID_CLASS} aria-hidden="true" data-testid="grid-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <li className="col" key={i}>
          <div className="profile-card card h-100 is-skeleton">
            <div className="profile-card-media">
              <div className="profile-card-photo" />
            </div>
            <div className="card-body d-flex flex-column">
              <span className="skeleton-line w-75" />
              <span className="skeleton-line w-50" />
              {actions && <span className="skeleton-button" />}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
