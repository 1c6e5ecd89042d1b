import type { Logger } from 'pino';
import type { Db } from '../../../../platform/db/client.js';
import type { MailProvider } from '../../../../platform/mail/index.js';
import type { SmsProvider } from '../../../../platform/sms/index.js';
import type { ReportLinkSigner } from '../../../../platform/auth/report-link-token.js';
import type { RepairOrdersService } from '../../../repair-orders/index.js';
import type { ReportLinksService } from '../../report-links.service.js';
import type { SendTokenSigner } from '../../send-token.js';

/** What sending needs of the customers feature (its service, bound to a transaction). */
export interface ReportCustomersPort {
  customer(
    storeId: string,
    id: string,
  ): Promise<{
    firstName: string | null;
    lastName: string | null;
    business: string | null;
    email: string | null;
    mobilePhone: string | null;
    permissionToText: boolean;
  }>;
  vehicle(
    storeId: string,
    id: string,
  ): Promise<{ year: number | null; make: string | null; model: string | null; engine: string | null }>;
}

/** What the send-report command works with: the other features' services (as ports) and the providers. */
export interface SendReportDeps {
  /** The orders feature runs each step with the order locked, and applies what the order becomes. */
  orders: Pick<RepairOrdersService, 'reportWork'>;
  customers: (db: Db) => ReportCustomersPort;
  store: (
    db: Db,
    storeId: string,
  ) => Promise<{ id: string; accountId: string; name: string; phoneNo: string | null } | null>;
  /** The vehicle-data feature's schedule rows (maintenance intervals), for includeMaintenanceInReport. */
  maintenance: (
    db: Db,
    powertrain: 'combustion' | 'electric',
  ) => Promise<Array<{ miles: number; operation: string; item: string }>>;
  mail: MailProvider;
  sms: SmsProvider;
  sendTokens: SendTokenSigner;
  linkSigner: ReportLinkSigner;
  /** The report links service working in the given transaction. */
  linksIn: (db: Db) => Pick<ReportLinksService, 'issue'>;
  publicUrl: string;
  logger: Logger;
}
