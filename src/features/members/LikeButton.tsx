import { useTranslation } from 'react-i18next';
import { CardIcon } from './CardIcon';
import type { LikeState } from './use-like';

/**
 * The round like toggle on a card photo. Its name stays "Like Anna" and aria-pressed carries the
 * state, as WAI-ARIA asks of toggle buttons; the tooltip says what a click will do.
 */
export function LikeButton({ name, like }: { name: string; like: LikeState }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`like-toggle${like.liked ? ' is-liked' : ''}`}
      aria-label={t('card.like_named', { name })}
      aria-pressed={like.liked}
      aria-busy={like.busy || undefined}
      title={like.liked ? t('card.remove_like') : t('card.like')}
      onClick={() => void like.toggle()}
    >
      {like.busy ? (
        <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      ) : (
        <CardIcon name="heart" filled={like.liked} size={22} />
      )}
    </button>
  );
}
