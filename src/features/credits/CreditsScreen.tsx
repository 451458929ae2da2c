import './credits.scss';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';
import { useCurrentRoute } from '../../app/route-handle';
import { currentLanguage } from '../../i18n/interface-language';
import { formatDate } from '../../shared/dates';
import { CheckoutView } from './CheckoutView';
import { CreditsOverview } from './CreditsOverview';
import { RepeatOrder } from './RepeatOrder';
import { useCreditsOffer, type CreditsOfferState } from './use-credits-offer';

/** The stored offer is shown while the current one cannot be fetched: say it may be outdated. */
function StaleNote({ state }: { state: CreditsOfferState }) {
  const { t, i18n } = useTranslation();
  if (state.status !== 'offline' && state.status !== 'failed') return null;
  const when = state.fetchedAt
    ? formatDate(new Date(state.fetchedAt), currentLanguage(i18n), {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '';
  return (
    <div className="offline-note credits-stale small d-flex flex-wrap gap-2 align-items-center">
      <span className="me-auto" role="status">
        {t(state.status === 'offline' ? 'credits.stale_offline' : 'credits.stale_failed', {
          when,
        })}
      </span>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={state.reload}>
        {t('credits.retry')}
      </button>
    </div>
  );
}

/**
 * /credits, /credits/repeat-order and /credits/{creditId}/{paymentMethod?} (login required): the
 * stored offer at once, the fetched one when it arrives; each route draws its own part.
 */
export default function CreditsScreen() {
  const { t } = useTranslation();
  const route = useCurrentRoute()?.name;
  const state = useCreditsOffer();
  const { offer } = state;
  const title =
    route === 'credits-repeat-order'
      ? t('credits.repeat_title')
      : route === 'credits-creditId-paymentMethod'
        ? t('credits.checkout_title')
        : t('credits.title');

  let body;
  if (!offer && (!state.loaded || state.status === 'loading' || state.status === 'ready')) {
    body = (
      <div className="credits-skeleton" role="status" aria-label={t('credits.loading')}>
        <span className="skeleton-line w-50" />
        <span className="skeleton-line w-75" />
        <span className="skeleton-line w-100" />
      </div>
    );
  } else if (!offer) {
    body = (
      <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">
          {t(state.status === 'offline' ? 'credits.offline_empty' : 'credits.load_failed')}
        </span>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={state.reload}>
          {t('credits.retry')}
        </button>
      </div>
    );
  } else if (route === 'credits-repeat-order') {
    body = <RepeatOrder offer={offer} />;
  } else if (route === 'credits-creditId-paymentMethod') {
    body = <CheckoutView offer={offer} />;
  } else {
    body = <CreditsOverview offer={offer} onBonusOver={state.reload} />;
  }

  return (
    <div className="credits-screen container py-4">
      <PageTitle title={title} />
      {offer ? <StaleNote state={state} /> : <h1 className="visually-hidden">{title}</h1>}
      {body}
    </div>
  );
}
