import type { ReportAccess } from '../../platform/http/registrar.js';
import type { ReportLinkSigner } from '../../platform/auth/report-link-token.js';
import type { ReportLinksRepository } from './report-links.repository.js';

/**
 * Report links: a token the customer's message carries to open `/report/{inspectionOrderId}`
 * without signing in (docs/reports.md). Made per sending, never expiring, revocable by the shop.
 */
export function createReportLinksService(deps: { links: ReportLinksRepository; signer: ReportLinkSigner; publicUrl: string }) {
  const { links, signer, publicUrl } = deps;

  /** The page a token opens: the portal's report page, token in the query. */
  const urlOf = (inspectionOrderId: string, token: string) =>
    `${publicUrl.replace(/\/$/, '')}/report/${inspectionOrderId}?t=${encodeURIComponent(token)}`;

  return {
    /** A new link for the order; the caller has already checked the order is in its store. */
    async issue(storeId: string, inspectionOrderId: string, createdBy: string | null) {
      const link = await links.insert({ storeId, inspectionOrderId, createdBy });
      const token = signer.sign(link.id, inspectionOrderId);
      return { link, token, url: urlOf(inspectionOrderId, token) };
    },

    list: links.listForOrder,
    revokeAll: links.revokeAll,
    markOpened: links.markOpened,
  };
}
export type ReportLinksService = ReturnType<typeof createReportLinksService>;

/** The registrar's lookups for report routes (access.report). */
export function reportAccessOf(links: ReportLinksRepository, signer: ReportLinkSigner): ReportAccess {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  return {
    order: (inspectionOrderId) => (UUID.test(inspectionOrderId) ? links.orderOwner(inspectionOrderId) : Promise.resolve(null)),
    async link(token, inspectionOrderId) {
      const linkId = signer.verify(token, inspectionOrderId);
      const link = linkId ? await links.findActive(linkId, inspectionOrderId) : null;
      return link ? { linkId: link.id } : null;
    },
  };
}
