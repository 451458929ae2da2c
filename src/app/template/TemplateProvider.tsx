import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { subscribePrefs } from '../../lib/prefs';
import { DEFAULT_TEMPLATE, resolveTemplate, TEMPLATE_NAMES } from '../template-config';
import { TemplateContext, type TemplateContextValue } from './template-context';
import {
  readDevPanelOpen,
  readTemplateName,
  storeDevPanelOpen,
  storeTemplateName,
} from './template-prefs';

/** Follows the stored design and dev-panel preferences, so a change applies at once in this tab. */
export function TemplateProvider({ children }: { children: ReactNode }) {
  // A prerendered page is drawn in the default design (the server sends it only to such visitors).
  const name = useSyncExternalStore(subscribePrefs, readTemplateName, () => DEFAULT_TEMPLATE);
  const devPanelOpen = useSyncExternalStore(subscribePrefs, readDevPanelOpen, () => false);
  const value = useMemo<TemplateContextValue>(
    () => ({
      config: resolveTemplate(name, devPanelOpen),
      setTemplate: storeTemplateName,
      setDevPanelOpen: storeDevPanelOpen,
    }),
    [name, devPanelOpen],
  );

  const { templateName, ui } = value.config;
  useEffect(() => {
    // Dialogs and toasts render into <body>, outside the page wrapper: give it the design too.
    for (const name of TEMPLATE_NAMES)
      document.body.classList.toggle(`template-${name}`, name === templateName);
    document.documentElement.setAttribute('data-bs-theme', ui.colorMode);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', ui.themeColor);
  }, [templateName, ui.colorMode, ui.themeColor]);

  return <TemplateContext value={value}>{children}</TemplateContext>;
}
