/** Translation keys are typed from the English messages, so a missing key fails the type check. */
import type messages from '../../locales/en/messages.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof messages };
  }
}
