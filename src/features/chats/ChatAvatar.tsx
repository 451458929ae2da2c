import type { Profile } from '../../shared/contract/fields';
import { CardIcon } from '../members/CardIcon';
import { photoUrl } from '../members/card-rules';
import { useLoadablePhoto } from '../members/use-loadable-photo';

/** A member's round thumbnail (decorative: the name next to it is the text). */
export function ChatAvatar({
  profile,
  cdnPrefix,
  size = 48,
}: {
  profile: Pick<Profile, 'main_image'> | null;
  cdnPrefix: string;
  size?: number;
}) {
  const photo = useLoadablePhoto(profile ? photoUrl(cdnPrefix, profile) : null);
  return (
    <span className="chat-avatar" style={{ width: size, height: size }} aria-hidden="true">
      {photo.src ? (
        <img
          src={photo.src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          onError={photo.onError}
        />
      ) : (
        <CardIcon name="person" size={Math.round(size * 0.55)} />
      )}
    </span>
  );
}
