/**
 * `/match-finder` (issue 14): three questions, then how many members fit with their photos
 * blurred, then sign-up. The answers go into the new profile and the first search.
 */
import '../landers/landers.scss';
import './match-finder.scss';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Footer } from '../../app/footer/Footer';
import { PageTitle } from '../../app/PageTitle';
import { useSettingsNow } from '../../app/session/use-settings-now';
import { currentLanguage } from '../../i18n/interface-language';
import { JoinSection } from '../landers/join/JoinSection';
import { mapCountry, withTracking } from '../landers/lander-rules';
import { LanderBrand } from '../landers/parts/LanderBrand';
import { countryOptions, regionOptions } from '../members/filter-options';
import { applyAnswers } from './apply-answers';
import { readAnswers } from './match-answers';
import { MatchQuiz } from './MatchQuiz';
import { MatchResults } from './MatchResults';
import { useMatchFinder } from './use-match-finder';

export default function MatchFinderScreen() {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const settings = useSettingsNow();
  const { search } = useLocation();
  const navigate = useNavigate();
  const served = settings?.countries ?? [];
  const finder = useMatchFinder(
    settings ? mapCountry([], settings.geoip_country, lng, served) : null,
  );
  const { phase, answers } = finder;
  const countries = countryOptions({
    countries: served,
    userCountry: null,
    selected: answers.country ?? '',
    geocoded: settings?.geoip_country ?? null,
    lng,
  });
  const regions = regionOptions(settings?.region_data ?? {}, answers.country ?? '');

  const results = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (phase.kind === 'results' && finder.moved) {
      results.current?.querySelector<HTMLElement>('#mf-result-title')?.focus();
    }
  }, [phase.kind, finder.moved]);

  const signupHref = withTracking('/signup', search);
  const onCreated = useCallback(async () => {
    const stored = readAnswers();
    if (stored)
      await applyAnswers((await import('../../bridges/worker-bridge')).getSync(), stored.answers);
    navigate(signupHref);
  }, [navigate, signupHref]);

  return (
    <div className="lander match-finder">
      <PageTitle title={t('matchFinder.meta_title')} />
      <section className="mf-hero" aria-labelledby="lander-title">
        <LanderBrand />
        <div className="container mf-inner">
          <div className="mf-copy">
            <p className="lander-kicker">{t('matchFinder.kicker')}</p>
            <h1 id="lander-title" className="lander-title">
              {t('matchFinder.title')}
            </h1>
            <p className="lander-lead">{t('matchFinder.lead')}</p>
          </div>
          <div className="mf-card" ref={results} aria-live="polite">
            {phase.kind === 'quiz' && (
              <MatchQuiz
                step={phase.step}
                draft={answers}
                countries={countries}
                regions={regions}
                onDraft={finder.update}
                onNext={finder.next}
                onBack={finder.back}
                moved={finder.moved}
              />
            )}
            {phase.kind === 'searching' && (
              <div className="mf-searching" role="status">
                <span className="spinner-border text-primary" aria-hidden="true" />
                <span>{t('matchFinder.searching')}</span>
              </div>
            )}
            {phase.kind === 'results' && (
              <MatchResults
                result={phase.result}
                cdnPrefix={settings?.cdn_prefix ?? '/uploads/'}
                onChange={finder.back}
              />
            )}
            {phase.kind === 'failed' && (
              <div className="mf-searching" role="alert">
                <span>{t('matchFinder.failed')}</span>
                <button type="button" className="btn btn-primary" onClick={finder.retry}>
                  {t('matchFinder.retry')}
                </button>
              </div>
            )}
          </div>
        </div>
      </section>
      {phase.kind === 'results' && (
        <JoinSection
          signupHref={signupHref}
          profile={null}
          onCreated={onCreated}
          title={t('matchFinder.join_title')}
          text={t('matchFinder.join_text')}
        />
      )}
      <Footer minimal />
    </div>
  );
}
