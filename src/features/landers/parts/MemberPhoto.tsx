import type { Profile } from '../../../shared/contract/fields';
import { photoUrl } from '../../members/card-rules';

export interface MemberPhotoProps {
  profile: Pick<Profile, 'name' | 'main_image'>;
  cdnPrefix: string;
  /** Rendered size in CSS pixels (square); the file is the 300 px thumbnail. */
  size: number;
  /** Above the fold: load at once; the rest wait until scrolled near. */
  eager?: boolean;
  className?: string;
}

/**
 * A member's photo with its size fixed (no layout shift), or their initial on a warm gradient.
 * Decorative: the name is always written beside it.
 */
export function MemberPhoto({
  profile,
  cdnPrefix,
  size,
  eager = false,
  className,
}: MemberPhotoProps) {
  const src = photoUrl(cdnPrefix, profile);
  const classes = `lander-photo${className ? ` ${className}` : ''}`;
  if (!src) {
    return (
      <span className={`${classes} lander-photo-empty`} aria-hidden="true">
        {profile.name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className={classes}
      src={src}
      alt=""
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}
