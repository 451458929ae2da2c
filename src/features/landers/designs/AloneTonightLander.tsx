import { useTranslation } from 'react-i18next';
import type { LanderViewProps } from '../lander-view';
import { LanderScreen } from '../LanderScreen';
import { LanderFrame } from '../parts/LanderFrame';
import { LanderActions, LanderHeadline } from '../parts/LanderHeadline';
import { MemberStrip } from '../parts/MemberStrip';
import { StoredNote } from '../parts/StoredNote';

const STEPS = [
  'landers.tonight.step_1',
  'landers.tonight.step_2',
  'landers.tonight.step_3',
] as const;

/** `alonetonight`: an evening invitation under a night sky; someone to talk to tonight. */
export function AloneTonightLander(view: LanderViewProps) {
  const { profiles, cdnPrefix, stored } = view;
  const { t } = useTranslation();
  return (
    <LanderFrame join={view.join} design="lander-tonight">
      <section className="lt-sky" aria-labelledby="lander-title">
        <div className="lt-moon" aria-hidden="true" />
        <div className="lt-stars" aria-hidden="true" />
        <div className="container lt-copy">
          <LanderHeadline view={view} copy="tonight" light />
          <LanderActions view={view} light cta={t('landers.tonight.cta')} />
        </div>
        <div className="container lt-members">
          <h2 className="lt-members-title">{t('landers.tonight.members_title')}</h2>
          <StoredNote stored={stored} />
          <MemberStrip
            profiles={profiles}
            cdnPrefix={cdnPrefix}
            count={6}
            size={88}
            label={t('landers.members_label')}
          />
        </div>
      </section>

      <section className="container lander-section" aria-labelledby="lt-steps">
        <h2 id="lt-steps" className="lander-h2 text-center">
          {t('landers.tonight.steps_title')}
        </h2>
        <ol className="lt-steps list-unstyled">
          {STEPS.map((key, i) => (
            <li key={key} className="lt-step">
              <span className="lt-step-number" aria-hidden="true">
                {i + 1}
              </span>
              <span>{t(key)}</span>
            </li>
          ))}
        </ol>
      </section>
    </LanderFrame>
  );
}

/** The route screen of `/landers/alonetonight/:slug`. */
export default function AloneTonightLanderScreen() {
  return <LanderScreen design={AloneTonightLander} />;
}
