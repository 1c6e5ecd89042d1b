import { AppError, errors, shareProblem, shareRecipients, vehicleDescription, type ShareReportRequest } from '@servicebay/domain';
import type { ReportCaller } from '../../../platform/http/registrar.js';
import { translate } from '../../../platform/i18n/translate.js';
import type { Limiter } from '../../identity/index.js';
import { customerOf, languageOf, type ReportViewContext, type RequestOrigin } from './context.js';

/** Shares per order and per client address in an hour: a customer shares with a few people, not a list. */
export const SHARES_PER_ORDER_PER_HOUR = 10;
export const SHARES_PER_ADDRESS_PER_HOUR = 20;

/** The share limiters, one pair per report-view service. */
export interface ShareLimits {
  perOrder: Limiter;
  perAddress: Limiter;
}

/** The share modal: the report by e-mail to someone the customer names, with a link of its own. */
export async function share(
  ctx: ReportViewContext,
  limits: ShareLimits,
  storeId: string,
  inspectionOrderId: string,
  caller: ReportCaller | null,
  body: ShareReportRequest,
  origin: RequestOrigin,
) {
  customerOf(caller);
  const problem = shareProblem(body);
  if (problem) throw errors.invalid(problem);
  if (!limits.perOrder.hit(inspectionOrderId) || !limits.perAddress.hit(origin.ipAddress ?? 'unknown')) {
    throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many shares of this report; try again later');
  }
  const order = await ctx.deps.orders.get(storeId, inspectionOrderId);
  const shop = await ctx.repo.shop(storeId);
  const lang = await languageOf(ctx, storeId, inspectionOrderId, body.language);
  const { url } = await ctx.deps.links.issue(storeId, inspectionOrderId, null);
  const vars = {
    shop: shop?.name ?? '',
    vehicle:
      vehicleDescription(order._embedded.vehicle) || translate(lang, 'customerReport:email.aVehicle'),
  };
  const text = [body.body!.trim(), '', translate(lang, 'customerReport:email.shareLink', vars), url].join(
    '\n',
  );
  try {
    // Each address receives its own e-mail, with the same link.
    for (const to of shareRecipients(body.to)!) {
      await ctx.deps.mail.send({ to, subject: body.subject!.trim(), text, storeId });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.deps.logger.warn({ err: error, inspectionOrderId }, 'report share e-mail not delivered');
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The e-mail could not be sent; try again later');
  }
  return { sent: true as const };
}
