import {
  errors,
  listReportLinksRoute,
  REPORT_SEND_TOKEN_HOURS,
  REPORT_SENDER_HEADER,
  revokeReportLinksRoute,
  sendReportRoute,
  sendReportTokenRoute,
} from '@servicebay/domain';
import type { FastifyRequest } from 'fastify';
import { implement } from '../../platform/http/registrar.js';
import type { Platform } from '../../platform/platform.js';
import type { Principal } from '../../platform/auth/principal.js';
import { fileLinker } from '../../platform/files/index.js';
import { createCustomersService } from '../customers/customers.service.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import { createStoreRepository } from '../stores/store.repository.js';
import { createMaintenanceRepository } from '../vehicle-data/maintenance.repository.js';
import { repairOrdersService } from '../repair-orders/repair-orders.routes.js';
import { createReportLinksRepository } from './report-links.repository.js';
import { createReportLinksService } from './report-links.service.js';
import { createReportSendingService } from './report-sending.service.js';
import { createSendTokenSigner } from './send-token.js';

export function reportSendingService(platform: Platform) {
  const link = fileLinker(platform.files);
  return createReportSendingService({
    orders: repairOrdersService(platform),
    customers: (db) => createCustomersService(createCustomersRepository(db), createStoreRepository(db), link),
    store: (db, storeId) => createStoreRepository(db).byId(storeId),
    maintenance: (db, powertrain) => createMaintenanceRepository(db).schedule(powertrain),
    mail: platform.mail,
    sms: platform.sms,
    sendTokens: createSendTokenSigner(platform.config.jwtSecret, REPORT_SEND_TOKEN_HOURS),
    linkSigner: platform.reportLinkSigner,
    publicUrl: platform.config.publicUrl,
    logger: platform.logger,
  });
}

/**
 * Spec §3 special header: X-Report-Sender names the worker sending and must be the signed-in
 * caller, so a request made under one sign-in never sends under another (docs/reports.md).
 */
function checkSender(request: FastifyRequest, principal: Principal) {
  const sender = request.headers[REPORT_SENDER_HEADER];
  if (typeof sender !== 'string' || sender.trim() === '')
    throw errors.invalid('X-Report-Sender header is mandatory');
  if (sender.trim().toLowerCase() !== principal.id.toLowerCase())
    throw errors.forbidden('X-Report-Sender does not name the signed-in user');
}

const actorOf = (principal: Principal) => ({ id: principal.id, role: principal.type });

export function reportSendingRoutes(platform: Platform) {
  const service = reportSendingService(platform);
  const db = platform.database.db;
  const links = createReportLinksService({
    links: createReportLinksRepository(db),
    signer: platform.reportLinkSigner,
    publicUrl: platform.config.publicUrl,
  });
  return [
    implement(sendReportTokenRoute, ({ params, principal }) =>
      service.issueToken(params.inspectionOrderId, actorOf(principal)),
    ),
    implement(sendReportRoute, ({ storeId, params, body, principal, request }) => {
      checkSender(request, principal);
      return service.send(storeId, params.inspectionOrderId, body, actorOf(principal));
    }),
    implement(listReportLinksRoute, ({ storeId, params }) =>
      service.links(db, storeId, params.inspectionOrderId),
    ),
    implement(revokeReportLinksRoute, async ({ storeId, params, principal }) => {
      await links.revokeAll(storeId, params.inspectionOrderId, principal.id);
      return service.links(db, storeId, params.inspectionOrderId);
    }),
  ];
}
