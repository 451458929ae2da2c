import { useEffect, useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../shared/contract/settings';
import { currentLanguage } from '../../i18n/interface-language';
import {
  fillPlaceholders,
  loadStaticPage,
  placeholderValues,
  type StaticPageDoc,
} from '../pages/page-content';
import './signup-dialogs.scss';

export type LegalPage = 'terms' | 'privacy';

interface Loaded {
  key: string;
  doc: StaticPageDoc | null;
}

/** The terms or privacy text in the interface language, in a dialog over the form (SPEC §2.4). */
export function LegalModal({
  page,
  settings,
  onClose,
}: {
  page: LegalPage | null;
  settings: Settings | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = page ? `${lng}/${page}` : '';

  useEffect(() => {
    if (!page) return;
    let live = true;
    loadStaticPage(lng, page)
      .catch((error: unknown) => {
        console.warn('Page text failed to load', error);
        return null;
      })
      .then((doc) => live && setLoaded({ key: `${lng}/${page}`, doc }));
    return () => {
      live = false;
    };
  }, [lng, page]);

  const doc = loaded?.key === key ? loaded.doc : undefined;
  const values = placeholderValues(settings);
  const fill = (text: string) => fillPlaceholders(text, values);
  const fallbackTitle =
    page === 'privacy' ? t('signup.account.privacy') : t('signup.account.terms');

  return (
    <Modal show={page !== null} onHide={onClose} size="lg" scrollable aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('signup.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {doc ? fill(doc.title) : fallbackTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="signup-legal-body" tabIndex={0}>
        {doc === undefined && (
          <p className="text-body-secondary" role="status">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('signup.loading')}
          </p>
        )}
        {doc === null && <p role="alert">{t('signup.legal_failed')}</p>}
        {doc && (
          <>
            <p className="signup-legal-intro">{fill(doc.intro)}</p>
            {doc.sections.map((section, i) => (
              <section key={i}>
                <h3>{fill(section.heading)}</h3>
                {section.paragraphs.map((paragraph, j) => (
                  <p key={j}>{fill(paragraph)}</p>
                ))}
              </section>
            ))}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('signup.close')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
