/** Name of the database shared by the page and the sync worker (apart, so it costs no Dexie). */
export const DB_NAME = 'amora';
