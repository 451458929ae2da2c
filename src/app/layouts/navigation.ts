/**
 * The layouts with the site's navigation, and their parts that the developer screen shows on
 * their own: one chunk, which a page loads with the first screen that has navigation. Landers
 * and full-bleed pages never load it.
 */
export { ActivateReminder } from '../activate/ActivateReminder';
export { TopNav } from '../nav/TopNav';
export { ChatLayout } from './ChatLayout';
export { DefaultLayout } from './DefaultLayout';
