/**
 * The file storage of the app (`app.storage`): photos, complaint screenshots and data-export ZIPs
 * in the data folder, or in an S3 bucket when one is configured (storage/open-store.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '../storage/object-store';
import { openObjectStore } from '../storage/open-store';
import { unencapsulated } from './unencapsulated';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where member files are read and written; never touch the data folder's files directly. */
    storage: ObjectStore;
  }
}

export default unencapsulated('storage', async (app: FastifyInstance) => {
  const store = await openObjectStore(app.config, app.log);
  app.decorate('storage', store);
  app.log.debug({ store: store.location }, 'file storage');
  // Registered before the data-export runner, so a running export finishes before this closes.
  app.addHook('onClose', () => store.close());
});
