/**
 * Assembles the Fastify app from a config: infrastructure plugins first, then one plugin per API
 * path, then the static files and the not-found handler. Tests build it with their own config.
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import { AccessLog } from './lib/access-log';
import type { SlotFiller } from './lib/prerendered-pages';
import { responseSerializer } from './lib/response-serializer';
import { createSite, type Site } from './lib/site';
import { siteOrigin } from './lib/site-origin';
import { fastifyTrustProxy } from './lib/trust-proxy';
import conditionalGetPlugin from './plugins/conditional-get';
import dataExportPlugin from './plugins/data-export';
import dbPlugin from './plugins/db';
import docsPlugin from './plugins/docs';
import errorsPlugin, { apiError, clientErrorHandler } from './plugins/errors';
import gracefulClosePlugin from './plugins/graceful-close';
import jsonBodyPlugin from './plugins/json-body';
import mailPlugin from './plugins/mail';
import metricsPlugin from './plugins/metrics';
import paymentsPlugin from './plugins/payments';
import postbacksPlugin from './plugins/postbacks';
import rateLimitPlugin from './plugins/rate-limit';
import pushPlugin from './plugins/push';
import realtimePlugin from './plugins/realtime';
import securityPlugin from './plugins/security';
import sessionPlugin from './plugins/session';
import staticPlugin from './plugins/static';
import statsPlugin from './plugins/stats';
import storagePlugin from './plugins/storage';
import accountRoutes from './routes/account';
import activateRoute from './routes/activate';
import blockRoutes from './routes/block';
import chatRoute from './routes/chat';
import chatsRoute from './routes/chats';
import companyInfoRoute from './routes/companyinfo';
import complaintFormRoute from './routes/complaint-form';
import complaintsRoute from './routes/complaints';
import creditsRoute from './routes/credits';
import demoCheckoutRoutes from './routes/demo-checkout';
import devRoute from './routes/dev';
import discountCodeRoute from './routes/discountcode';
import eventsRoute from './routes/events';
import exportRoutes from './routes/export';
import exportDownloadRoute from './routes/export-download';
import geocodeRoute from './routes/geocode';
import healthRoute from './routes/health';
import landerRoute from './routes/lander';
import ledgerRoute from './routes/ledger';
import likesRoutes from './routes/likes';
import loginRoute from './routes/login';
import matchFinderRoute from './routes/match-finder';
import memberLanderRoute from './routes/member-lander';
import metricsRoute from './routes/metrics';
import logoutRoute from './routes/logout';
import mailChangeRoutes from './routes/mail-change';
import moderationRoutes from './routes/moderation';
import moderationScreenshotRoute from './routes/moderation-screenshot';
import notificationSettingsRoute from './routes/notification-settings';
import pageHiddenRoute from './routes/page-hidden';
import passwordRoutes from './routes/password';
import paymentWebhookRoute from './routes/payment-webhook';
import premiumRoute from './routes/premium';
import privacyRoute from './routes/privacy';
import profileRoute from './routes/profile';
import profileFieldsRoute from './routes/profile-fields';
import profileImageRoutes from './routes/profileimage';
import pushRoutes from './routes/push';
import regionsRoute from './routes/regions';
import resetPasswordRoutes from './routes/reset-password';
import resellPartnerRoute from './routes/resellpartner';
import searchRoute from './routes/search';
import settingsRoute from './routes/settings';
import signupMatchesRoute from './routes/signup-matches';
import statsRoute from './routes/stats';
import transactionsRoutes from './routes/transactions';
import userRoutes from './routes/user';
import validateEmailRoute from './routes/validate-email';
import xcamsRoutes from './routes/xcams';
import { SearchCountCache } from './services/search-count-cache';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    site: Site;
    /** Search totals of this instance, shared by search.php and the calls that change them. */
    searchTotals: SearchCountCache;
    /** Where the site's links start: BASE_URL, or the address it listens on (lib/site-origin.ts). */
    siteOrigin: () => string;
  }
}

/** JSON bodies of this API are small; uploads get their own limit in their route. */
export const BODY_LIMIT = 100 * 1024;

/** Dependencies a caller may hand in instead of letting the app create them. */
export interface BuildOptions {
  /** An open, migrated-or-not database owned by the caller; otherwise the app opens its own. */
  database?: DatabaseHandle;
}

/** Builds the app (database opened and migrated, routes registered) without listening. */
export async function buildApp(
  config: AppConfig,
  opts: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    // One line per answer instead of Fastify's two (lib/access-log.ts).
    logController: new AccessLog(),
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Requests the HTTP parser refuses (broken framing, huge headers) also get an ApiError body.
    clientErrorHandler,
    // Errors raised before routing (a malformed URL) get the same ApiError body as the rest.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      // Fastify types this reply with the route generics of no route; it is a plain reply.
      void (reply as FastifyReply).code(status).send(apiError(status, error.message));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.nodeEnv));
  app.decorate('config', config);
  app.decorate('site', createSite(config.site));
  app.decorate('searchTotals', new SearchCountCache());
  app.decorate('siteOrigin', () => {
    const bound = app.server.address();
    return siteOrigin(config, typeof bound === 'object' && bound ? bound.port : config.port);
  });
  app.decorate('prerenderFillers', new Map<string, SlotFiller>());

  await app.register(errorsPlugin);
  await app.register(metricsPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimitPlugin);
  await app.register(compress, { threshold: 1024 });
  await app.register(dbPlugin, { database: opts.database });
  await app.register(storagePlugin);
  await app.register(sessionPlugin);
  await app.register(conditionalGetPlugin);
  await app.register(realtimePlugin);
  await app.register(pushPlugin);
  await app.register(mailPlugin);
  await app.register(paymentsPlugin);
  await app.register(dataExportPlugin);
  await app.register(postbacksPlugin);
  await app.register(statsPlugin);
  await app.register(docsPlugin);

  for (const route of [
    healthRoute,
    metricsRoute,
    settingsRoute,
    userRoutes,
    pushRoutes,
    notificationSettingsRoute,
    loginRoute,
    logoutRoute,
    validateEmailRoute,
    activateRoute,
    resetPasswordRoutes,
    mailChangeRoutes,
    passwordRoutes,
    accountRoutes,
    searchRoute,
    profileRoute,
    profileFieldsRoute,
    profileImageRoutes,
    regionsRoute,
    companyInfoRoute,
    geocodeRoute,
    likesRoutes,
    chatsRoute,
    chatRoute,
    blockRoutes,
    complaintsRoute,
    complaintFormRoute,
    moderationRoutes,
    moderationScreenshotRoute,
    statsRoute,
    eventsRoute,
    pageHiddenRoute,
    devRoute,
    xcamsRoutes,
    resellPartnerRoute,
    creditsRoute,
    premiumRoute,
    transactionsRoutes,
    ledgerRoute,
    discountCodeRoute,
    paymentWebhookRoute,
    demoCheckoutRoutes,
    landerRoute,
    memberLanderRoute,
    matchFinderRoute,
    signupMatchesRoute,
    privacyRoute,
    exportRoutes,
    exportDownloadRoute,
  ]) {
    await app.register(route);
  }
  await app.register(staticPlugin);
  return app;
}
