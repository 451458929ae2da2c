/**
 * The demo logins that README, `npm start` and the end-to-end tests rely on, apart from the seed
 * itself: the server prints them at every start but loads the seed only for an empty database.
 */
export const DEMO_EMAIL = 'demo@example.com';
export const DEMO2_EMAIL = 'demo2@example.com';
export const DEMO_PASSWORD = 'amora-demo-2026';
