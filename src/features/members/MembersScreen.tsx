import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Profile } from '../../shared/contract/fields';
import { SEARCH_PAGE_SIZE } from '../../shared/contract/limits';
import { PageTitle } from '../../app/PageTitle';
import { useRevealHold } from '../../prerender/RevealWhenMounted';
import { useSession } from '../../app/session/session-context';
import { useTemplate } from '../../app/template/template-context';
import { interleaveSponsored, sponsoredKey, type SponsoredItem } from '../../shared/sponsored';
import { LoadMoreSentinel } from './LoadMoreSentinel';
import { LocateButton } from './LocateButton';
import { ProfileCard } from './ProfileCard';
import { FIRST_SCREEN_CARDS, ProfileGrid } from './ProfileGrid';
import { ProfileGridSkeleton } from './ProfileGridSkeleton';
import { SearchFiltersForm } from './SearchFiltersForm';
import { SponsoredCard } from './SponsoredCard';
import { useMemberSearch } from './use-member-search';
import { useOnline } from './use-online';
import { useSiteSettings } from './use-site-settings';
import { useSponsored } from './use-sponsored';

/**
 * Member search (SPEC §2.6): filters, the results the worker stored in IndexedDB, infinite scroll
 * with a button fallback, then similar profiles. Renders whatever Dexie holds, also offline.
 */
export default function MembersScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const settings = useSiteSettings();
  const { showLanguageBadge } = useTemplate().config.profileSearch;
  const online = useOnline();
  const search = useMemberSearch();
  const { view, busy, problem } = search;
  // The server's drawing of this screen stays up until the app knows what it shows.
  useRevealHold(view === undefined);
  const member = Boolean(user);
  const results = view?.results ?? [];
  const similar = view?.similar ?? [];
  const loading = view === undefined || (busy && results.length === 0);
  const offline = !online || search.networkFailed;
  const hasMore = Boolean(view) && !search.exhausted;
  const autoLoad = hasMore && !busy && !offline && !problem && results.length > 0;

  // Sponsored cards (SPEC §6, §9) go between the results only, never into similar results.
  const sponsored = useSponsored(search.filters);
  const items = interleaveSponsored(results, sponsored.cams, sponsored.kinds);

  const card = (headingLevel: 2 | 3) => (profile: Profile, index: number) => (
    <ProfileCard
      profile={profile}
      cdnPrefix={settings?.cdn_prefix ?? ''}
      member={member}
      showLanguageBadge={showLanguageBadge}
      headingLevel={headingLevel}
      eager={headingLevel === 2 && index < FIRST_SCREEN_CARDS}
    />
  );
  const item = (entry: SponsoredItem<Profile>, index: number) =>
    entry.kind === 'profile' ? (
      card(2)(entry.profile, index)
    ) : (
      <SponsoredCard
        kind={entry.kind}
        entry={entry.entry}
        snapshotPrefix={sponsored.snapshotPrefix}
        headingLevel={2}
        eager={index < FIRST_SCREEN_CARDS}
      />
    );

  return (
    <div className="members-screen container py-4">
      <PageTitle title={t('members.title')} />
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">{t('members.title')}</h1>
        <p className="members-count text-body-secondary mb-0" aria-live="polite">
          {view && view.search.highestPage > 0 && !loading
            ? t('members.count', { count: view.search.num_results })
            : '\u00a0'}
        </p>
      </div>

      {offline && (
        <p className="offline-note small" role="status">
          {results.length > 0 || view === undefined
            ? t('members.offline_note')
            : t('members.offline_empty')}
        </p>
      )}

      <div className="search-filters-panel card card-body mb-4">
        <SearchFiltersForm
          filters={search.filters}
          settings={settings}
          userCountry={user?.profile.country ?? null}
          onChange={search.changeFilters}
          locate={<LocateButton settings={settings} onApply={search.changeFilters} />}
        />
      </div>

      {problem === 'login-required' && (
        <div className="alert alert-info" role="status">
          {t('members.login_required')}{' '}
          <Link to="/login?redirect=%2Fmembers" className="alert-link">
            {t('nav.login')}
          </Link>
        </div>
      )}
      {problem === 'failed' && results.length === 0 && !busy && (
        <div
          className="alert alert-warning d-flex flex-wrap align-items-center gap-2"
          role="status"
        >
          <span className="me-auto">{t('members.failed')}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => void search.loadMore()}
          >
            {t('members.retry')}
          </button>
        </div>
      )}

      {loading ? (
        <ProfileGridSkeleton count={SEARCH_PAGE_SIZE} actions />
      ) : results.length > 0 ? (
        <ProfileGrid items={items} keyOf={sponsoredKey}>
          {item}
        </ProfileGrid>
      ) : (
        view &&
        view.search.highestPage > 0 && (
          <p className="empty-state text-center text-body-secondary py-5">{t('members.none')}</p>
        )
      )}

      {similar.length > 0 && (
        <section className="mt-5" aria-labelledby="similar-title">
          <h2 id="similar-title" className="h4 mb-3">
            {t('members.similar_title')}
          </h2>
          <ProfileGrid items={similar} keyOf={(p) => p.id}>
            {card(3)}
          </ProfileGrid>
        </section>
      )}

      {results.length > 0 && (
        <div className="load-more text-center mt-4">
          {autoLoad && (
            <LoadMoreSentinel
              key={results.length + similar.length}
              onVisible={() => void search.loadMore()}
            />
          )}
          {hasMore ? (
            <button
              type="button"
              className="btn btn-outline-primary px-4"
              aria-disabled={busy || undefined}
              onClick={() => void search.loadMore()}
            >
              {busy && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              {busy ? t('members.loading') : t('members.load_more')}
            </button>
          ) : (
            <p className="text-body-secondary mb-0">{t('members.all_loaded')}</p>
          )}
        </div>
      )}
    </div>
  );
}
