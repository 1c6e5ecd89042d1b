/**
 * The composition root of the server's modules: every service is built here, once, from the
 * platform; the ports between modules are wired here; each module's routes get the services (and
 * the few platform parts) they use, never the whole platform. No other file outside the tests
 * calls a service factory (test/architecture.test.ts checks it), and modules import one another
 * only through their front doors (`modules/<name>/index.ts`; eslint.config.js checks it).
 */
import { AppError, INTERNAL_CHAT_TOKEN_TTL_SECONDS, PORTAL_LIMITS, REPORT_SEND_TOKEN_HOURS } from '@servicebay/domain';
import type { Implementation, ResourceOwner } from '../platform/http/registrar.js';
import type { Platform } from '../platform/platform.js';
import type { Db } from '../platform/db/client.js';
import { fileLinker } from '../platform/files/index.js';
import { createSentMessagesRepository } from '../platform/messages/sent-messages.repository.js';
import { createTenancyRepository } from '../platform/tenancy/tenancy.repository.js';
import { canActForStore } from '../platform/tenancy/tenancy.policy.js';
import { systemRoutes } from './system/index.js';
import { i18nRoutes } from './i18n/index.js';
import { fileRoutes } from './files/index.js';
import {
  createIdentityRepository,
  createLimiter,
  createOidcRelyingParty,
  createPasswordService,
  createPortalUsersRepository,
  createPortalUsersService,
  createSessionService,
  createSsoDirectory,
  createSsoRepository,
  createSsoService,
  passwordRoutes,
  portalUserRoutes,
  sessionRoutes,
  ssoRoutes,
  userOwnerResolver,
  userScopeResolver,
  type IdentityRepository,
} from './identity/index.js';
import {
  createStoreRepository,
  createStoreSettingsService,
  createStaffUsersRepository,
  createStaffUsersService,
  createStoreUsersService,
  storeAdminRoutes,
  storeRoutes,
} from './stores/index.js';
import {
  accountRoutes,
  createAccountSetupRepository,
  createAccountSetupService,
  createAccountsRepository,
  createAccountsService,
  createAccountUsersService,
} from './accounts/index.js';
import { adminRoutes, createAdminRepository, createAdminService } from './admin/index.js';
import { analyticsRoutes, createStoreFiguresRepository, createStoreFiguresService } from './analytics/index.js';
import { createDevOutboxService, devOutboxRoutes } from './dev-outbox/index.js';
import { createMessagingService, devOutboxReplyRoutes, messagingRoutes, recordStaffConsent, twilioWebhookRoutes } from './messaging/index.js';
import {
  createCustomersRepository,
  createCustomersService,
  createPicturesRepository,
  createPicturesService,
  customerOwnerResolvers,
  customerRoutes,
  type CustomersRepository,
} from './customers/index.js';
import { createMaintenanceRepository, createVehicleDataService, vehicleDataRoutes } from './vehicle-data/index.js';
import { courseRoutes, createCoursesService } from './training/index.js';
import { createVinScannerRepository, createVinScannerService, vinScannerRoutes, vinScannerSettings } from './vin-scanner/index.js';
import { createRepairOrdersService, inspectionOrderOwnerResolvers, inspectionOrderRoutes, orderPeopleIn, type RepairOrdersService } from './repair-orders/index.js';
import { createNotificationsService, createPushSender, notificationReactions, notificationRoutes } from './notifications/index.js';
import { createChatTokenSigner, createInternalChatService, internalChatRoutes } from './internal-chat/index.js';
import { createInspectionsService, customerDecisionsIn, inspectionOwnerResolvers, inspectionRoutes, inspectionRules, type InspectionsService } from './inspections/index.js';
import {
  cannedJobOwnerResolvers,
  cannedJobRoutes,
  createCannedJobsRepository,
  createCannedJobsService,
  createEstimatesRepository,
  createEstimatesService,
  estimateOwnerResolvers,
  estimateRoutes,
  type CannedJobsService,
  type EstimatesService,
} from './estimates/index.js';
import {
  createReportLinksRepository,
  createReportLinksService,
  createReportSendingService,
  createReportViewService,
  createSendTokenSigner,
  reportAccessOf,
  reportSendingRoutes,
  reportViewRoutes,
} from './reports/index.js';
import {
  createIntegrationsService,
  createProtractorClient,
  createProtractorSimulator,
  integrationRoutes,
  type ShopSystemAdapter,
} from './integrations/index.js';
import {
  appointmentRoutes,
  createAppointmentsService,
  createPortalRepository,
  createPortalService,
  portalHouseholdResolvers,
  portalRoutes,
} from './portal/index.js';

/** Identity: sign-in, single sign-on, passwords and portal users. */
function buildIdentity(platform: Platform) {
  const { config } = platform;
  const db = platform.database.db;
  const perMinute = (limit: number) => createLimiter({ limit, windowMs: 60_000 });
  // One session service per server: its login limiters must count every way of signing in.
  const identity = createIdentityRepository(db);
  const portalUsersRepo = createPortalUsersRepository(db);
  const ssoRepo = createSsoRepository(db);
  const sessions = createSessionService({
    repo: identity,
    tokens: platform.tokens,
    policy: config.session,
    limiters: {
      perAddress: perMinute(config.session.attemptsPerAddressPerMinute),
      perUsername: perMinute(config.session.attemptsPerUsernamePerMinute),
    },
    sso: createSsoDirectory({ repo: ssoRepo, identity }),
    customerEmailKnown: async (email) => (await portalUsersRepo.customerByEmail(email)) !== null,
  });
  const sso = createSsoService({
    repo: ssoRepo,
    identity,
    sessions,
    relyingParty: createOidcRelyingParty(),
    publicUrl: config.publicUrl,
  });
  /** The password service with its reset e-mail; each user gets the limiter it is given. */
  const passwordsWith = (limiter: ReturnType<typeof createLimiter>) =>
    createPasswordService({ repo: identity, mail: platform.mail, publicUrl: config.publicUrl, logger: platform.logger, limiter, tokens: platform.tokens });
  const passwords = passwordsWith(perMinute(config.session.attemptsPerUsernamePerMinute));
  const portalUsers = createPortalUsersService({
    repo: portalUsersRepo,
    limiters: {
      perAddress: perMinute(config.session.attemptsPerAddressPerMinute),
      perUsername: perMinute(config.session.attemptsPerUsernamePerMinute),
    },
  });

  return { identity, sessions, sso, passwordsWith, passwords, portalUsers };
}

/** Reports: links, sending and the customer's page, on the services they use. */
function buildReports(
  platform: Platform,
  on: { customersIn: (tx: Db) => ReturnType<typeof createCustomersService>; orders: RepairOrdersService; inspections: InspectionsService; estimates: EstimatesService },
) {
  const { config } = platform;
  const db = platform.database.db;
  const { customersIn, orders, inspections, estimates } = on;
  const reportLinksIn = (tx: Db) =>
    createReportLinksService({ links: createReportLinksRepository(tx), signer: platform.reportLinkSigner, publicUrl: config.publicUrl });
  const reportLinks = reportLinksIn(db);
  const reportSending = createReportSendingService({
    db,
    orders,
    customers: customersIn,
    store: (tx, storeId) => createStoreRepository(tx).byId(storeId),
    maintenance: (tx, powertrain) => createMaintenanceRepository(tx).schedule(powertrain),
    mail: platform.mail,
    sms: platform.sms,
    sendTokens: createSendTokenSigner(config.jwtSecret, REPORT_SEND_TOKEN_HOURS),
    linkSigner: platform.reportLinkSigner,
    linksIn: reportLinksIn,
    publicUrl: config.publicUrl,
    logger: platform.logger,
  });
  const reportView = createReportViewService({
    db,
    outbox: platform.outbox,
    files: platform.files,
    mail: platform.mail,
    logger: platform.logger,
    orders,
    inspections,
    decisions: customerDecisionsIn,
    estimates,
    links: reportLinks,
  });

  return { reportLinks, reportSending, reportView };
}

/** The shop's internal chat: its tokens signed under a key derived from the server secret. */
function buildInternalChat(platform: Platform, link: ReturnType<typeof fileLinker>, tenancy: ReturnType<typeof createTenancyRepository>) {
  return createInternalChatService({
    db: platform.database.db,
    outbox: platform.outbox,
    link,
    tokens: createChatTokenSigner(platform.config.jwtSecret, INTERNAL_CHAT_TOKEN_TTL_SECONDS),
    mayActForStore: async (principal, storeId) => {
      const store = await tenancy.storeOwnership(storeId);
      return store !== null && canActForStore(principal, store);
    },
  });
}

/** The registrar's lookups: which store (or account) a path's resource belongs to. */
function buildAccess(
  platform: Platform,
  on: {
    identity: IdentityRepository;
    customersRepo: CustomersRepository;
    orders: RepairOrdersService;
    inspections: InspectionsService;
    estimates: EstimatesService;
    cannedJobs: CannedJobsService;
  },
) {
  const { identity, customersRepo, orders, inspections, estimates, cannedJobs } = on;
  const customerOwners = customerOwnerResolvers(customersRepo);
  return {
    userScope: userScopeResolver(identity),
    pathResources: {
      userId: userOwnerResolver(identity),
      ...customerOwners.pathResources,
      ...inspectionOrderOwnerResolvers(orders),
      ...inspectionOwnerResolvers(inspections),
      ...estimateOwnerResolvers(estimates),
      ...cannedJobOwnerResolvers(cannedJobs),
    } satisfies Record<string, (id: string) => Promise<ResourceOwner | null>>,
    customerStore: customerOwners.customerStore,
    ...portalHouseholdResolvers(createPortalRepository(platform.database.db)),
    reportAccess: reportAccessOf(createReportLinksRepository(platform.database.db), platform.reportLinkSigner),
  };

}

/**
 * Notifications: made from other modules' committed events (outbox reactions), the order's people
 * read through the orders module's door in the relay's transaction. A new notification of a
 * customer's answer or text is pushed to the user's devices too, without holding the relay: the
 * push services are waited for outside its transaction. `push` is the door other modules (the
 * internal chat) push through.
 */
function buildNotifications(platform: Platform) {
  const { config } = platform;
  const db = platform.database.db;
  const notifications = createNotificationsService({ db });
  const push = createPushSender({ db, vapid: config.vapid, logger: platform.logger, allowHttpEndpoints: !config.production });
  const pushLater = (userId: string, payload: Parameters<typeof push.sendToUser>[1]) => {
    push.sendToUser(userId, payload).catch((error: unknown) => platform.logger.warn({ err: error, userId }, 'push failed'));
  };
  for (const reaction of notificationReactions({ orderPeople: orderPeopleIn, push: pushLater })) platform.outbox.react(reaction);
  return { notifications, push };
}

/**
 * The shop-management integration: a store whose Protractor endpoint is empty or `local` uses the
 * local simulator (never in production, where it has no stand-in); any other endpoint is the real
 * system, called with PROTRACTOR_API_KEY. The ticket's mirror of its work order is written through
 * the orders module, its approved work read through the estimates module.
 */
function buildIntegrations(platform: Platform, on: { orders: RepairOrdersService; estimates: EstimatesService; stores: ReturnType<typeof createStoreRepository>; identity: IdentityRepository }) {
  const { config } = platform;
  const db = platform.database.db;
  const { orders, estimates, stores, identity } = on;
  const simulator = createProtractorSimulator(db);
  const clients = new Map<string, ShopSystemAdapter>();
  const adapterFor = (integration: { endpoint: string | null }): ShopSystemAdapter => {
    const endpoint = integration.endpoint?.trim() ?? '';
    if (endpoint === '' || endpoint === 'local') {
      if (config.production) throw new AppError(503, 'SHOP_SYSTEM_UNAVAILABLE', 'No Protractor endpoint is configured for this store');
      return simulator;
    }
    let client = clients.get(endpoint);
    if (!client) {
      client = createProtractorClient({ endpoint, apiKey: config.protractorApiKey ?? '' });
      clients.set(endpoint, client);
    }
    return client;
  };
  const integrations = createIntegrationsService({
    db,
    store: (storeId) => stores.byId(storeId),
    orders: {
      get: (storeId, id) => orders.get(storeId, id),
      mirror: (storeId, id, change, publish) =>
        orders.orderWork(storeId, id, async () => change, async () => undefined, { allowClosed: true, alwaysPublish: publish }),
    },
    approvedJobs: async (storeId, orderId) => {
      const estimate = await estimates.get(storeId, orderId);
      return (estimate?.lines ?? [])
        .filter((l) => l.decision !== null)
        .map((l) => ({
          reference: l._id,
          description: l.description,
          labourHours: l.labourHours,
          parts: l.parts.map((p) => ({ number: p.number, description: p.description, quantity: p.quantity })),
          declined: l.decision === 'declined',
        }));
    },
    workerName: async (_storeId, userId) => {
      const user = await identity.userById(userId);
      return user ? `${user.firstName} ${user.lastName}`.trim() : null;
    },
    adapterFor,
    webhookKey: config.jwtSecret,
  });
  return { integrations, protractorSimulator: simulator };
}

/** Every service of the server, built once from the platform. */
export function buildServices(platform: Platform) {
  const { config } = platform;
  const db = platform.database.db;
  const link = fileLinker(platform.files);
  const maxImageBytes = config.maxImageUploadBytes;
  const perMinute = (limit: number) => createLimiter({ limit, windowMs: 60_000 });

  const { identity, sessions, sso, passwordsWith, passwords, portalUsers } = buildIdentity(platform);

  // Stores and accounts. A manager sending a few password links, or the setup wizard sending one
  // per first worker, is not an attack: each counts in a limiter of its own.
  const stores = createStoreRepository(db);
  const staffUsers = createStaffUsersService({
    repo: createStaffUsersRepository(db),
    identity,
    tokens: platform.tokens,
    passwords: passwordsWith(perMinute(30)),
  });
  const storeUsers = createStoreUsersService(staffUsers);
  const storeSettings = createStoreSettingsService(stores);
  const accountsRepo = createAccountsRepository(db);
  const accounts = createAccountsService({ repo: accountsRepo });
  const accountUsers = createAccountUsersService({ users: staffUsers, accounts: accountsRepo });
  const accountSetup = createAccountSetupService({
    repo: createAccountSetupRepository(db),
    identity,
    logger: platform.logger,
    passwords: passwordsWith(perMinute(30)),
  });
  const admin = createAdminService(createAdminRepository(db));
  const storeFigures = createStoreFiguresService({ repo: createStoreFiguresRepository(db) });

  // Customers, bound to the transaction of the feature that uses them. A staff change of a
  // customer's permission to text goes to the texting module's consent history, in its transaction.
  const customersRepo = createCustomersRepository(db);
  const customerPorts = { staffConsentChanged: recordStaffConsent };
  const customersIn = (tx: Db) => createCustomersService(createCustomersRepository(tx), createStoreRepository(tx), link, customerPorts);
  const customers = createCustomersService(customersRepo, stores, link, customerPorts);
  const customerPictures = createPicturesService(createPicturesRepository(db), platform.files, { maxImageBytes });

  // Repair orders, with the inspections feature's rules plugged into its ports; inspections and
  // estimates on the orders service (which runs their writes).
  const rules = inspectionRules();
  const orders = createRepairOrdersService({
    db,
    outbox: platform.outbox,
    link,
    customers: customersIn,
    finishChecks: [rules.finishCheck],
    inspectionTypes: rules.typesPort,
    files: platform.files,
    maxImageBytes,
  });
  const inspections = createInspectionsService({ db, orders, files: platform.files, maxImageBytes });
  const estimates = createEstimatesService({
    estimates: createEstimatesRepository(db),
    db,
    outbox: platform.outbox,
    orders,
    inspections,
  });
  const cannedJobs = createCannedJobsService(createCannedJobsRepository(db));

  const { reportLinks, reportSending, reportView } = buildReports(platform, { customersIn, orders, inspections, estimates });

  // The portal: the customer's store and household through their modules, its own tables beside.
  const portal = createPortalService({
    repo: createPortalRepository(db),
    store: (storeId) => stores.byId(storeId),
    household: async (storeId, customerId) => customers.customerHousehold(storeId, customerId),
    eventLimiter: perMinute(PORTAL_LIMITS.eventsPerMinute),
    // Read at request time: the appointments service below reads the store through this one.
    nextAppointment: (storeId, vehicleId) => appointments.next(storeId, vehicleId),
  });
  // Appointments: the ticket through the orders module's door, the request beside it.
  const portalRepo = createPortalRepository(db);
  const appointments = createAppointmentsService({
    db,
    orders,
    store: (storeId) => portal.store(storeId),
    shopEmail: async (storeId) => (await stores.byId(storeId))?.email ?? null,
    household: (storeId, customerId) => customers.customerHousehold(storeId, customerId),
    vehicleHome: portalRepo.vehicleHome,
    customerHousehold: portalRepo.customerHousehold,
    logEvent: (caller, data) => portal.logEvent(caller, 'sendAppointment', data),
    mail: platform.mail,
    logger: platform.logger,
  });

  const access = buildAccess(platform, { identity, customersRepo, orders, inspections, estimates, cannedJobs });

  // Texting: the customer's permission is the customers module's, written in the same transaction.
  const messaging = createMessagingService({
    db,
    outbox: platform.outbox,
    sms: platform.sms,
    mail: platform.mail,
    sentMessagesIn: createSentMessagesRepository,
    setPermissionToText: async (tx, storeId, customerId, value) => {
      await customersIn(tx).updateCustomer(storeId, customerId, { permissionToText: value });
    },
    link,
    logger: platform.logger,
    textingConfigured: config.twilio !== undefined || !config.production,
    customerSuccessEmail: config.customerSuccessEmail,
  });

  const { notifications, push } = buildNotifications(platform);

  return {
    identity,
    tenancy: createTenancyRepository(db),
    sessions,
    sso,
    passwords,
    portalUsers,
    stores,
    storeUsers,
    storeSettings,
    accounts,
    accountUsers,
    accountSetup,
    admin,
    storeFigures,
    customers,
    customerPictures,
    link,
    vehicleData: createVehicleDataService(config.vpicDbPath),
    maintenance: createMaintenanceRepository(db),
    training: createCoursesService({ db, outbox: platform.outbox }),
    vinScanner: createVinScannerService(createVinScannerRepository(db), vinScannerSettings(config)),
    orders,
    inspections,
    estimates,
    cannedJobs,
    reportLinks,
    reportSending,
    reportView,
    portal,
    appointments,
    devOutbox: createDevOutboxService(createSentMessagesRepository(db)),
    messaging,
    notifications,
    internalChat: buildInternalChat(platform, link, createTenancyRepository(db)),
    push,
    ...buildIntegrations(platform, { orders, estimates, stores, identity }),
    access,
  };
}

export type Services = ReturnType<typeof buildServices>;

/** Every feature's handlers, on the services built once; the registrar checks them against the route table. */
export function implementations(platform: Platform, services: Services = buildServices(platform)): Implementation[] {
  const s = services;
  return [
    ...systemRoutes(platform),
    ...sessionRoutes({ sessions: s.sessions, identity: s.identity, tenancy: s.tenancy }),
    ...ssoRoutes({ sso: s.sso, config: platform.config }),
    ...storeRoutes({ stores: s.stores, sessions: s.sessions }),
    ...storeAdminRoutes({ stores: s.stores, users: s.storeUsers, settings: s.storeSettings }),
    ...accountRoutes({ accounts: s.accounts, setup: s.accountSetup, users: s.accountUsers }),
    ...adminRoutes(s.admin),
    ...analyticsRoutes({ figures: s.storeFigures }),
    ...passwordRoutes(s.passwords),
    ...i18nRoutes(),
    ...customerRoutes({ customers: s.customers, pictures: s.customerPictures, link: s.link }),
    ...vehicleDataRoutes({ vehicleData: s.vehicleData, maintenance: s.maintenance }),
    ...portalUserRoutes({ portalUsers: s.portalUsers, identity: s.identity }),
    ...courseRoutes(s.training),
    ...vinScannerRoutes(s.vinScanner),
    ...fileRoutes(platform.files),
    ...inspectionOrderRoutes(s.orders),
    ...inspectionRoutes(s.inspections),
    ...estimateRoutes(s.estimates),
    ...cannedJobRoutes(s.cannedJobs),
    ...reportSendingRoutes({ sending: s.reportSending, links: s.reportLinks }),
    ...reportViewRoutes({ view: s.reportView, links: s.reportLinks, orders: s.orders }),
    ...portalRoutes(s.portal),
    ...appointmentRoutes(s.appointments),
    ...messagingRoutes(s.messaging),
    ...twilioWebhookRoutes(s.messaging, platform.config),
    ...notificationRoutes(s.notifications, s.push),
    ...internalChatRoutes(s.internalChat),
    ...integrationRoutes(s.integrations),
    // Not mounted at all unless DEV_TOOLS is on: its paths then answer as paths that do not exist.
    ...(platform.config.devTools ? [...devOutboxRoutes(s.devOutbox), ...devOutboxReplyRoutes(s.messaging, s.devOutbox, platform.config)] : []),
  ];
}
