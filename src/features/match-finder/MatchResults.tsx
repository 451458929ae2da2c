import { useTranslation } from 'react-i18next';
import type { MatchFinderResponse } from '../../shared/contract/landers';

const SHOWN = 8;

export interface MatchResultsProps {
  result: MatchFinderResponse;
  cdnPrefix: string;
  onChange: () => void;
}

/** How many fit, their photos blurred until sign-up, and a way back to the questions. */
export function MatchResults({ result, cdnPrefix, onChange }: MatchResultsProps) {
  const { t } = useTranslation();
  const { count, profiles } = result;
  return (
    <div className="mf-results">
      <h2 className="mf-count" tabIndex={-1} id="mf-result-title">
        {count > 0 ? t('matchFinder.count', { count }) : t('matchFinder.none_title')}
      </h2>
      {profiles.length > 0 && (
        <ul className="mf-blurred list-unstyled" aria-label={t('matchFinder.cards_label')}>
          {profiles.slice(0, SHOWN).map((profile) => (
            <li key={profile.id} className="mf-blurred-item">
              {profile.main_image ? (
                <img
                  src={cdnPrefix + profile.main_image.thumb_filename}
                  alt=""
                  width={300}
                  height={300}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <span className="mf-blurred-empty" />
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="mf-result-text">
        {count > 0 ? t('matchFinder.result_text') : t('matchFinder.none_text')}
      </p>
      <button type="button" className="btn btn-link mf-change" onClick={onChange}>
        {t('matchFinder.change')}
      </button>
    </div>
  );
}
