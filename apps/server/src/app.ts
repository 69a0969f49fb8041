import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import { accountSecurity } from './modules/account';
import { authRoutes, authTestHookRoutes } from './modules/auth';
import { backOfficeRoutes } from './modules/back-office';
import { broadcastingRoutes } from './modules/broadcasting';
import { catalogue, cataloguePages, catalogueRoutes, seoRoutes } from './modules/catalogue';
import { searchRoutes } from './modules/search';
import { favourites, favouritesRoutes } from './modules/favourites';
import { blocksRoutes } from './modules/blocks';
import { chat, chatRoutes } from './modules/chat';
import { dashboardRoutes } from './modules/dashboard';
import { savedSearchesRoutes, savedSearchTestHookRoutes } from './modules/saved-searches';
import { healthRoutes } from './modules/health';
import { gracefulClose } from './plugins/graceful-close';
import { helpCentre, helpCentreAdminRoutes, helpCentreRoutes, helpPages } from './modules/help-centre';
import { languageRoutes } from './modules/language';
import { moderation, moderationRoutes } from './modules/moderation';
import { newsletter, newsletterAdminRoutes, newsletterRoutes, newsletterWebPage } from './modules/newsletter';
import { adminSupportRoutes, support, supportRoutes } from './modules/support';
import { mediaRoutes, publicMedia } from './modules/media';
import {
  devMailboxRoutes,
  notifications,
  type NotificationsOptions,
  notificationsRoutes,
  notificationTestHookRoutes,
  unsubscribeRoutes,
} from './modules/notifications';
import { orders, ordersRoutes, orderTestHookRoutes } from './modules/orders';
import { placesRoutes } from './modules/places';
import { profileRoutes } from './modules/profile';
import { testimonialsAdminRoutes, testimonialsPageData, testimonialsRoutes } from './modules/testimonials';
import { welcomeVideoAdminRoutes, welcomeVideoPageData, welcomeVideoRoutes } from './modules/welcome-video';
import { staffDesk, staffRoutes, staffTestHookRoutes } from './modules/staff';
import { users } from './modules/users';
import { webRoutes } from './modules/web';
import { compression } from './plugins/compression';
import { domainEvents } from './plugins/domain-events';
import { errors } from './plugins/errors';
import { connectionCap, httpServerOptions, requestTimeLimit } from './plugins/http-limits';
import { i18n } from './plugins/i18n';
import { securityHeaders } from './plugins/security-headers';
import { readCaches } from './plugins/read-caches';
import { sessions } from './plugins/sessions';
import { createMediaStorage, storage } from './plugins/storage';
import { validation } from './plugins/validation';
import { realtimeConnectSources, realtimePublicConfig } from './realtime/realtime-config';
import { realtime } from './realtime/realtime-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  logger?: FastifyServerOptions['logger'];
  /** Lets tests add hooks and routes (a route that throws, say) before the modules' routes. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Where e-mails go, when not where the configuration says (tests: an SMTP server of their own). */
  mailTransport?: NotificationsOptions['transport'];
}

/** External plugins first, then the app's own plugins, then the routes of each module. */
export async function buildApp({
  config,
  db,
  logger = false,
  extend,
  mailTransport,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // A line per request is for debugging; errors are always logged by the errors plugin.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    trustProxy: config.trustProxy,
    bodyLimit: 8 * 1024 * 1024,
    ...httpServerOptions(config.httpLimits),
  });
  app.decorate('db', db);
  // First: every hook and route after it builds public photo addresses from MEDIA_PUBLIC_URL.
  await app.register(publicMedia, { base: config.mediaPublicUrl });
  await app.register(gracefulClose);
  await app.register(domainEvents);

  // First, so that a refused connection's request meets no other hook (the session lookup, say).
  await app.register(connectionCap, {
    maxPerAddress: config.httpLimits.maxConnectionsPerAddress,
    trustProxy: config.trustProxy,
  });
  await app.register(requestTimeLimit, { requestTimeoutMs: config.httpLimits.requestTimeoutMs });
  await app.register(fastifyCookie);
  await app.register(compression);
  await app.register(validation);
  await app.register(i18n);
  await app.register(errors);
  await app.register(securityHeaders, {
    googleMapsKey: config.googleMapsKey,
    realtimeSources: realtimeConnectSources(config.realtime),
    ...(config.mediaPublicUrl && { imageSources: [new URL(config.mediaPublicUrl).origin] }),
  });
  await app.register(readCaches, { db, enabled: config.readCaches });
  await app.register(sessions, { db, ...config.session });
  await app.register(staffDesk, { config });
  await app.register(storage, { storage: createMediaStorage(config) });
  await app.register(catalogue);
  await app.register(realtime, {
    config: config.realtime,
    trustProxy: config.trustProxy,
    limits: config.realtimeLimits,
  });
  await app.register(notifications, { config, ...(mailTransport && { transport: mailTransport }) });
  await app.register(favourites);
  await app.register(orders);
  await app.register(chat);
  await app.register(users);
  await app.register(moderation);
  await app.register(support, { appKey: config.appKey, minFillSeconds: config.supportMinFillSeconds });
  await app.register(newsletter, { appKey: config.appKey, sendsPerMinute: config.newsletterSendsPerMinute });
  await app.register(helpCentre);
  await extend?.(app);

  await app.register(healthRoutes);
  await app.register(authRoutes, {
    loginThrottle: config.loginThrottle,
    loginEmailThrottle: config.loginEmailThrottle,
    registerThrottle: config.registerThrottle,
  });
  await app.register(accountSecurity, { config });
  await app.register(languageRoutes);
  await app.register(placesRoutes);
  await app.register(profileRoutes);
  await app.register(catalogueRoutes, { throttles: config.catalogueThrottles });
  await app.register(searchRoutes);
  await app.register(favouritesRoutes);
  await app.register(blocksRoutes);
  await app.register(savedSearchesRoutes, { throttle: config.savedSearchesThrottle });
  await app.register(ordersRoutes, { throttle: config.orderThrottle });
  await app.register(chatRoutes, {
    throttle: config.messageThrottle,
    photoThrottle: config.catalogueThrottles.photos,
    reportThrottle: config.catalogueThrottles.reports,
  });
  await app.register(supportRoutes, config.supportThrottles);
  await app.register(newsletterRoutes, config.newsletterThrottles);
  await app.register(seoRoutes, { publicUrl: config.publicUrl });
  await app.register(mediaRoutes);
  await app.register(broadcastingRoutes);
  await app.register(notificationsRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(helpCentreRoutes, {});
  await app.register(testimonialsRoutes);
  await app.register(welcomeVideoRoutes);
  // The back-office (issue 29): every route 404 to anyone without a staff role.
  await app.register(staffRoutes, { perAddress: config.loginThrottle, perMember: config.loginEmailThrottle });
  await app.register(moderationRoutes, { reportThrottle: config.catalogueThrottles.reports });
  await app.register(backOfficeRoutes, { verificationThrottle: config.emailVerificationThrottle });
  await app.register(dashboardRoutes);
  await app.register(adminSupportRoutes);
  await app.register(helpCentreAdminRoutes);
  await app.register(testimonialsAdminRoutes);
  await app.register(welcomeVideoAdminRoutes);
  await app.register(newsletterAdminRoutes);
  // A way for tests to raise an event, move the order clock, run the saved-search alerts now, and a
  // mailbox to read what was sent; production has none of them (decision 019). Signing in without
  // signing up is for the test runs alone.
  if (config.env !== 'production') {
    await app.register(notificationTestHookRoutes);
    await app.register(orderTestHookRoutes);
    await app.register(savedSearchTestHookRoutes);
    await app.register(devMailboxRoutes);
  }
  if (config.env === 'test') {
    await app.register(authTestHookRoutes);
    await app.register(staffTestHookRoutes);
  }
  const helpExtras = helpPages(app);
  const catalogueExtras = cataloguePages(app);
  const testimonialsData = testimonialsPageData(app);
  const welcomeVideoData = welcomeVideoPageData(app);
  const newsletterExtras = newsletterWebPage(app.db);
  await app.register(webRoutes, {
    distDir: config.webDistDir,
    publicConfig: { googleMapsKey: config.googleMapsKey || null, realtime: realtimePublicConfig(config.realtime) },
    publicUrl: config.publicUrl,
    // The help centre's pages first (undefined for any other), then the catalogue's.
    // The home page's testimonials and, for a visitor, the welcome video's files join the catalogue's
    // first data, read beside it.
    pageExtras: async (request, match, origin) => {
      const [extras, testimonials, welcomeVideo] = await Promise.all([
        (async () =>
          (await newsletterExtras(request, match, origin)) ??
          (await helpExtras(request, match, origin)) ??
          catalogueExtras(request, match, origin))(),
        testimonialsData(request, match),
        welcomeVideoData(request, match),
      ]);
      return extras && { ...extras, data: { ...extras.data, ...testimonials, ...welcomeVideo } };
    },
    isStaff: app.staffDesk.isStaff,
  });
  return app;
}
