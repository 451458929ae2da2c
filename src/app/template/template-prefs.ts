/** The stored choices behind the template: design name and developer-panel flag (SPEC §1, §3). */
import { PREF_KEYS, readPref, writePref } from '../../lib/prefs';
import { DEFAULT_TEMPLATE, isTemplateName, type TemplateName } from '../template-config';

/** The stored design, or the default for a missing or unknown name. */
export function readTemplateName(): TemplateName {
  const stored = readPref<unknown>(PREF_KEYS.template);
  return isTemplateName(stored) ? stored : DEFAULT_TEMPLATE;
}

/** Only an explicit `true` opens the panel. */
export function readDevPanelOpen(): boolean {
  return readPref<unknown>(PREF_KEYS.devPanel) === true;
}

/** Persists the design; subscribers re-render at once. */
export function storeTemplateName(name: TemplateName): void {
  writePref(PREF_KEYS.template, name);
}

/** Persists the dev-panel flag. */
export function storeDevPanelOpen(open: boolean): void {
  writePref(PREF_KEYS.devPanel, open);
}

/** `?dev=1` opens and `?dev=0` closes the developer panel, so a developer can reach it on any device. */
export function applyDevQuery(search: string): void {
  const dev = new URLSearchParams(search).get('dev');
  if (dev === '1' || dev === '0') storeDevPanelOpen(dev === '1');
}
