/**
 * The CSP reports' part of the personal-data registry (lib/personal-data.ts; decision 032): a report
 * carries a page address without its query and a browser name, linked to no person, so none is ever
 * a customer's; the export says so with an empty section.
 */
import { definePart } from '../../lib/personal-data.ts';

export const cspReportsPersonalData = definePart({
  feature: 'payment-page',
  tables: ['csp_reports'],
  order: 131,
  locate: async () => undefined,
  export: async () => ({ cspReports: [] }),
});
