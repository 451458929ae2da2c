import { useTranslation } from 'react-i18next';
import type { CamEntry } from '../../shared/contract/members';
import { API_BASE } from '../../api/failure';
import { snapshotUrl, sponsoredHref } from '../../shared/sponsored';
import { CardIcon } from './CardIcon';

/** What a sponsored card shows; the grid decides the heading level like for profile cards. */
export interface SponsoredCardProps {
  /** 'cam' shows a webcam performer (badge ONLINE), 'ad' a partner offer (badge AD), SPEC §2.6. */
  kind: 'cam' | 'ad';
  entry: CamEntry;
  /** settings.cams_snapshot_prefix, for entries without their own snapshot address. */
  snapshotPrefix?: string;
  /** Level of the name heading, matching the profile cards around it. */
  headingLevel?: 2 | 3;
  /** On screen at once (among the first cards): the photo loads at once and before others. */
  eager?: boolean;
}

/**
 * A sponsored card in the members grid, shaped like ProfileCard so the grid stays even; the whole
 * card is one link that opens the partner in a new window (SPEC §2.6, §7).
 */
export function SponsoredCard({
  kind,
  entry,
  snapshotPrefix,
  headingLevel = 2,
  eager = false,
}: SponsoredCardProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = entry.name ?? entry.account;
  const title = entry.age !== undefined ? `${name}, ${entry.age}` : name;
  const src = snapshotUrl(entry, snapshotPrefix);
  const cam = kind === 'cam';

  return (
    <article className={`profile-card sponsored-card sponsored-card-${kind} card h-100`}>
      <a
        className="sponsored-card-link"
        href={sponsoredHref(kind, entry, API_BASE)}
        target="_blank"
        rel="noopener noreferrer sponsored"
        aria-label={
          cam ? t('sponsored.cam_label', { name: title }) : t('sponsored.ad_label', { name: title })
        }
      >
        <div className="profile-card-media">
          <span className="profile-card-photo">
            {src ? (
              <img
                src={src}
                alt=""
                loading={eager ? 'eager' : 'lazy'}
                fetchPriority={eager ? 'high' : undefined}
                decoding="async"
                width="300"
                height="300"
              />
            ) : (
              <span className="profile-card-placeholder">
                <CardIcon name="person" size={64} />
              </span>
            )}
          </span>
          <span className={`sponsored-badge badge ${cam ? 'is-online' : 'is-ad'}`}>
            {cam ? t('sponsored.badge_online') : t('sponsored.badge_ad')}
          </span>
        </div>
        <div className="card-body d-flex flex-column">
          <Heading className="profile-card-name h6 mb-1">
            {name}
            {entry.age !== undefined && <span className="fw-normal">, {entry.age}</span>}
          </Heading>
          <p className="profile-card-place small text-body-secondary mb-0">
            <span className="text-truncate">
              {cam ? t('sponsored.cam_tagline') : t('sponsored.ad_tagline')}
            </span>
          </p>
          <div className="profile-card-actions">
            <span className="btn btn-sm btn-primary flex-grow-1" aria-hidden="true">
              {cam ? t('sponsored.cam_action') : t('sponsored.ad_action')}
            </span>
          </div>
        </div>
      </a>
    </article>
  );
}
