import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/dates';
import { fillPlaceholders, type StaticPageDoc } from './page-content';

/** Long texts read better with a contents list; short ones do not need it. */
const TOC_MIN_SECTIONS = 4;

/**
 * A legal or help text as a readable document: plain text only, nothing injected as HTML.
 * `notice` (e.g. the ban's own reason) goes between the title and the text.
 */
export function StaticPageView({
  doc,
  lng,
  values,
  notice,
}: {
  doc: StaticPageDoc;
  lng: string;
  values: Record<string, string>;
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const fill = (text: string) => fillPlaceholders(text, values);

  return (
    <div className="container page-pad">
      <article className="static-page mx-auto" aria-labelledby="page-title">
        <header className="mb-4">
          <h1 id="page-title" className="static-page-title">
            {fill(doc.title)}
          </h1>
          <p className="small text-body-secondary mb-0">
            {t('pages.updated', { date: formatDate(doc.updated, lng) })}
          </p>
        </header>
        {notice}
        <p className="lead">{fill(doc.intro)}</p>
        {doc.sections.length >= TOC_MIN_SECTIONS && (
          <nav className="static-page-toc card card-body my-4" aria-labelledby="toc-title">
            <h2 id="toc-title" className="h6 text-uppercase text-body-secondary mb-2">
              {t('pages.contents')}
            </h2>
            {/* Headings often carry their own numbers, so the list adds none. */}
            <ul className="list-unstyled mb-0">
              {doc.sections.map((section, i) => (
                <li key={i}>
                  <a href={`#section-${i + 1}`}>{fill(section.heading)}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {doc.sections.map((section, i) => (
          <section key={i} id={`section-${i + 1}`} className="static-page-section">
            <h2 className="h4">{fill(section.heading)}</h2>
            {section.paragraphs.map((paragraph, j) => (
              <p key={j}>{fill(paragraph)}</p>
            ))}
          </section>
        ))}
      </article>
    </div>
  );
}
