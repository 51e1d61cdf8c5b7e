/**
 * The storefront error reports' part of the personal-data registry (lib/personal-data.ts; decision
 * 032, "Personal data"): a report carries a page address and a browser name and is linked to no
 * person, so none is ever a customer's; the export says so with an empty section.
 */
import { definePart } from '../../lib/personal-data.ts';

export const clientErrorsPersonalData = definePart({
  feature: 'client-errors',
  tables: ['client_errors'],
  order: 130,
  locate: async () => undefined,
  export: async () => ({ errorReports: [] }),
});
