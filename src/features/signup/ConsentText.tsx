import type { MouseEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { LegalPage } from './LegalModal';

/** "By creating an account you agree to…" with the terms and privacy texts opening in dialogs. */
export function ConsentText({ onOpen }: { onOpen: (page: LegalPage) => void }) {
  const { t } = useTranslation();
  const open = (page: LegalPage) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click opens the dialog; a new-tab click still gets the page itself.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(page);
  };
  return (
    <p className="signup-consent">
      <Trans
        t={t}
        i18nKey="signup.account.consent"
        components={{
          terms: <a href="/pages/terms" onClick={open('terms')} aria-haspopup="dialog" />,
          privacy: <a href="/pages/privacy" onClick={open('privacy')} aria-haspopup="dialog" />,
        }}
      />
    </p>
  );
}
