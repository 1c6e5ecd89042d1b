export { ReportDocument, REPORT_PRINT_CSS, type ReportDocumentProps } from './ReportDocument.js';
