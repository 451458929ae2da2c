import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SEARCH_PAGE_SIZE } from '../../api/contract';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';
import { useTemplate } from '../../app/template/template-context';
import { ProfileGrid, ProfileGridSkeleton } from './ProfileGrid';
import { SearchFiltersForm } from './SearchFiltersForm';
import { useMemberSearch } from './use-member-search';

/** Member search (SPEC §2.6): filters, a card grid and a load-more button. */
export default function MembersScreen() {
  const { t } = useTranslation();
  const { user, settings } = useSession();
  const { profileSearch } = useTemplate().config;
  const search = useMemberSearch();
  const firstLoad = search.loading && search.profiles.length === 0;

  return (
    <div className="container py-4">
      <PageTitle title={t('members.title')} />
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">{t('members.title')}</h1>
        <p className="text-body-secondary mb-0" aria-live="polite">
          {!firstLoad && !search.problem && t('members.count', { count: search.total })}
        </p>
      </div>

      {search.filters && (
        <div className="search-filters-panel card card-body mb-4">
          <SearchFiltersForm
            filters={search.filters}
            settings={settings}
            userCountry={user?.profile.country ?? null}
            disabled={search.loading}
            onChange={search.changeFilters}
          />
        </div>
      )}

      {search.problem === 'login-required' && (
        <div className="alert alert-info" role="status">
          {t('members.login_required')}{' '}
          <Link to="/login?redirect=%2Fmembers" className="alert-link">
            {t('nav.login')}
          </Link>
        </div>
      )}
      {search.problem === 'failed' && (
        <div
          className="alert alert-warning d-flex flex-wrap align-items-center gap-2"
          role="status"
        >
          <span className="me-auto">{t('members.failed')}</span>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={search.retry}>
            {t('members.retry')}
          </button>
        </div>
      )}

      {firstLoad ? (
        <ProfileGridSkeleton count={SEARCH_PAGE_SIZE} />
      ) : search.profiles.length > 0 ? (
        <ProfileGrid
          profiles={search.profiles}
          cdnPrefix={settings?.cdn_prefix ?? ''}
          showLanguageBadge={profileSearch.showLanguageBadge}
          headingLevel={2}
        />
      ) : (
        !search.problem && (
          <p className="empty-state text-center text-body-secondary py-5">{t('members.none')}</p>
        )
      )}

      {search.profiles.length > 0 && (
        <div className="text-center mt-4">
          {search.allLoaded ? (
            <p className="text-body-secondary">{t('members.all_loaded')}</p>
          ) : (
            <button
              type="button"
              className="btn btn-outline-primary px-4"
              onClick={search.loadMore}
              disabled={search.loading}
            >
              {search.loading && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              {search.loading ? t('members.loading') : t('members.load_more')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
