import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../app/PageTitle';
import { BenefitIcon } from './BenefitIcon';
import { HeroVisual } from './HeroVisual';

const BENEFITS = [
  { icon: 'people', title: 'home.benefit_nearby_title', text: 'home.benefit_nearby_text' },
  { icon: 'chat', title: 'home.benefit_chat_title', text: 'home.benefit_chat_text' },
  { icon: 'shield', title: 'home.benefit_privacy_title', text: 'home.benefit_privacy_text' },
  { icon: 'phone', title: 'home.benefit_app_title', text: 'home.benefit_app_text' },
] as const;

const STEPS = [
  { title: 'home.step_1_title', text: 'home.step_1_text' },
  { title: 'home.step_2_title', text: 'home.step_2_text' },
  { title: 'home.step_3_title', text: 'home.step_3_text' },
] as const;

/** The front door for visitors: what Amora is, why join, and one clear call to action. */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('home.meta_title')} />
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <div className="row align-items-center g-4 g-lg-5">
            <div className="col-lg-6">
              <p className="hero-kicker">{t('home.kicker')}</p>
              <h1 id="hero-title" className="hero-title">
                {t('home.title')}
              </h1>
              <p className="hero-lead">{t('home.lead')}</p>
              <div className="d-flex flex-wrap align-items-center gap-3">
                <Link className="btn btn-primary btn-lg px-4" to="/signup">
                  {t('home.cta')}
                </Link>
                <span className="text-body-secondary">
                  {t('home.have_account')} <Link to="/login">{t('nav.login')}</Link>
                </span>
              </div>
            </div>
            <div className="col-lg-6 d-none d-sm-block">
              <HeroVisual />
            </div>
          </div>
        </div>
      </section>

      <section className="container py-5" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="section-title text-center">
          {t('home.benefits_title')}
        </h2>
        <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 list-unstyled mt-2">
          {BENEFITS.map((b) => (
            <li className="col" key={b.icon}>
              <div className="benefit card h-100 border-0">
                <div className="card-body">
                  <span className="benefit-icon">
                    <BenefitIcon name={b.icon} />
                  </span>
                  <h3 className="h5 mt-3">{t(b.title)}</h3>
                  <p className="text-body-secondary mb-0">{t(b.text)}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="steps py-5" aria-labelledby="steps-title">
        <div className="container">
          <h2 id="steps-title" className="section-title text-center">
            {t('home.steps_title')}
          </h2>
          <ol className="row row-cols-1 row-cols-md-3 g-4 list-unstyled mt-2 mb-0">
            {STEPS.map((s, i) => (
              <li className="col" key={s.title}>
                <div className="step">
                  <span className="step-number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <h3 className="h5">{t(s.title)}</h3>
                  <p className="text-body-secondary mb-0">{t(s.text)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="container py-5 text-center" aria-labelledby="final-cta-title">
        <div className="final-cta mx-auto">
          <h2 id="final-cta-title" className="section-title">
            {t('home.final_title')}
          </h2>
          <p className="text-body-secondary mb-4">{t('home.final_text')}</p>
          <Link className="btn btn-primary btn-lg px-4" to="/signup">
            {t('home.cta')}
          </Link>
        </div>
      </section>
    </>
  );
}
