/**
 * POST /api/csp-reports (decision 056): where browsers send the storefront's Content-Security-Policy
 * violations (the CSP's report-to and report-uri, plugins/security.ts). Public, as the browser sends
 * them without credentials: small bodies, a tight rate limit, one row per kind of report counting
 * repeats, and never an error from the database for a body it could not have come from.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/http-errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { CSP_REPORTS_PATH, CspReportBodySchema, violationsOf } from './csp-reports.ts';
import { recordViolation } from './csp-reports.repository.ts';
import { cspReportsPersonalData } from './csp-reports-personal-data.ts';

export const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json'];
/** A browser's batch of reports is a few KB. */
export const CSP_REPORT_BODY_LIMIT = 32 * 1024;
/** The most kinds of report kept at once; past it new kinds are dropped until the purge. */
export const CSP_REPORT_KINDS_KEPT = 2000;

export const cspReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.personalData.register(cspReportsPersonalData);
  app.addContentTypeParser(
    CSP_REPORT_TYPES,
    { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest('The report is not JSON.'), undefined);
      }
    },
  );
  app.post(
    CSP_REPORTS_PATH.replace(/^\/api/, ''),
    {
      bodyLimit: CSP_REPORT_BODY_LIMIT,
      config: {
        rateLimit: { max: 60, timeWindow: '1 minute' },
        // A blocked inline script's sample may run over lines.
        multiline: ['csp-report.script-sample', '*.body.sample'],
      },
      schema: {
        tags: ['operations'],
        summary: 'Store Content-Security-Policy violation reports from browsers',
        description:
          'Accepts `application/reports+json` (the Reporting API: a list of `csp-violation` ' +
          'reports) and `application/csp-report` (report-uri). Repeats of a report are counted on ' +
          'one row; URLs are kept without their query. Shown in the console (CSP reports).',
        body: CspReportBodySchema,
      },
    },
    async (request, reply) => {
      const at = nowIso();
      let dropped = 0;
      for (const v of violationsOf(request.body, request.headers['user-agent'])) {
        if (!(await recordViolation(app.db, v, at, CSP_REPORT_KINDS_KEPT))) dropped += 1;
      }
      if (dropped > 0) {
        request.log.warn({ dropped }, 'CSP reports dropped: the kept kinds are at their cap');
      }
      return reply.status(204).send();
    },
  );
};
