/**
 * `/signup-matches` (issue 14): right after sign-up (the last wizard step's members button leads
 * here), members who fit the new member, each with the Like button every card has, and a way on.
 * Match-finder answers that did not reach the account yet are saved first.
 */
import '../landers/landers.scss';
import './signup-matches.scss';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Profile } from '../../shared/contract/fields';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';
import { getSync, isSyncError } from '../../bridges/worker-bridge';
import { rememberedLanderNiche } from '../landers/lander-memory';
import { LanderBrand } from '../landers/parts/LanderBrand';
import { applyAnswers } from '../match-finder/apply-answers';
import { clearAnswers, readAnswers } from '../match-finder/match-answers';
import { ProfileCard } from '../members/ProfileCard';
import { ProfileGrid } from '../members/ProfileGrid';
import { signupMatchesQuery } from './matches-query';

type Load =
  | { kind: 'loading' }
  | { kind: 'ready'; profiles: Profile[] }
  | { kind: 'failed'; offline: boolean };

export default function SignupMatchesScreen() {
  const { t } = useTranslation();
  const { status, user, settings } = useSession();
  const memberId = user?.id ?? null;
  const ownGender = user?.profile.gender ?? null;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (memberId === null) return;
    let live = true;
    const run = async () => {
      const sync = getSync();
      const answers = readAnswers();
      if (answers && !answers.applied) await applyAnswers(sync, answers.answers);
      const query = signupMatchesQuery(answers, rememberedLanderNiche(), ownGender);
      try {
        const profiles = await sync.signupMatches(query);
        clearAnswers();
        if (live) setLoad({ kind: 'ready', profiles });
      } catch (error) {
        console.warn('Sign-up matches could not be loaded', error);
        const offline = isSyncError(error) && error.kind === 'network';
        if (live) setLoad({ kind: 'failed', offline });
      }
    };
    void run();
    return () => {
      live = false;
    };
  }, [memberId, ownGender, attempt]);

  let body;
  if (status === 'loading' || (user && load.kind === 'loading')) {
    body = (
      <div className="sm-status" role="status">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span>{t('signupMatches.loading')}</span>
      </div>
    );
  } else if (!user) {
    body = (
      <div className="sm-status">
        <p>{t('signupMatches.logged_out')}</p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <Link className="btn btn-primary" to="/signup">
            {t('signupMatches.signup')}
          </Link>
          <Link className="btn btn-outline-primary" to="/login">
            {t('signupMatches.login')}
          </Link>
        </div>
      </div>
    );
  } else if (load.kind === 'failed') {
    body = (
      <div className="sm-status" role="alert">
        <p>{load.offline ? t('signupMatches.offline') : t('signupMatches.failed')}</p>
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => {
            setLoad({ kind: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          {t('signupMatches.retry')}
        </button>
      </div>
    );
  } else if (load.kind === 'ready' && load.profiles.length === 0) {
    body = <p className="sm-status">{t('signupMatches.none')}</p>;
  } else if (load.kind === 'ready') {
    body = (
      <ProfileGrid items={load.profiles} keyOf={(p) => p.id}>
        {(profile) => (
          <ProfileCard
            profile={profile}
            cdnPrefix={settings?.cdn_prefix ?? '/uploads/'}
            member
            headingLevel={2}
          />
        )}
      </ProfileGrid>
    );
  }

  return (
    <div className="lander signup-matches">
      <PageTitle title={t('signupMatches.meta_title')} />
      <LanderBrand />
      <div className="container sm-inner">
        <header className="sm-head">
          <h1 className="lander-title">{t('signupMatches.title')}</h1>
          <p className="lander-lead">{t('signupMatches.lead')}</p>
        </header>
        {body}
      </div>
      {user && (
        <div className="sm-continue">
          <Link className="btn btn-primary btn-lg lander-cta" to="/members">
            {t('signupMatches.continue')}
          </Link>
        </div>
      )}
    </div>
  );
}
