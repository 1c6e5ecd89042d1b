export { ReportDocument, formatCents, REPORT_PRINT_CSS, type ReportDocumentProps } from './ReportDocument.js';
