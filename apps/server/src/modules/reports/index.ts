/**
 * The reports module's front door: sending the report (a command, commands/send-report), the
 * customer's report page, report links and the reading sweeper.
 */
export { createReportSendingService, type ReportSendingDeps, type ReportSendingService } from './report-sending.service.js';
export { createReportViewService, type ReportViewDeps, type ReportViewService } from './report-view.service.js';
export { createReportLinksService, reportAccessOf, type ReportLinksService } from './report-links.service.js';
export { createReportLinksRepository } from './report-links.repository.js';
export { createSendTokenSigner } from './send-token.js';
export { startReadingSweeper } from './reading-sweeper.js';
export { reportSendingRoutes } from './report-sending.routes.js';
export { reportViewRoutes } from './report-view.routes.js';
