/**
 * Content-Security-Policy reports as browsers send them (issue 31 item 2, decision 056): the Reporting
 * API's `application/reports+json` (a list of `csp-violation` reports, sent where the CSP's report-to
 * points) and the older `application/csp-report` (one `{"csp-report": ...}`, report-uri). Both become
 * one shape; URLs lose their query and fragment (a page's query may carry a code or an email) and
 * every field is cut to a length, so what is kept is small and names no one.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

/** Where browsers send Content-Security-Policy reports (plugins/security.ts puts it in the CSP). */
export const CSP_REPORTS_PATH = '/api/csp-reports';
/** The Reporting-Endpoints name the CSP's report-to gives. */
export const CSP_REPORT_GROUP = 'csp';

const text = (max: number) => z.string().max(max);
const line = z.number().int().min(0).max(10_000_000);

/** `application/csp-report` (CSP level 2, report-uri). */
const LegacyReportSchema = z.object({
  'csp-report': z.object({
    'document-uri': text(4000),
    'violated-directive': text(1000).optional(),
    'effective-directive': text(200).optional(),
    'blocked-uri': text(4000).optional(),
    disposition: z.enum(['enforce', 'report']).optional(),
    'source-file': text(4000).optional(),
    'line-number': line.optional(),
    'script-sample': text(1000).optional(),
  }),
});

/** One report of `application/reports+json` (Reporting API, report-to). */
const ReportingApiReportSchema = z.object({
  type: z.literal('csp-violation'),
  url: text(4000),
  user_agent: text(1000).optional(),
  body: z.object({
    documentURL: text(4000),
    blockedURL: text(4000).optional(),
    effectiveDirective: text(200),
    disposition: z.enum(['enforce', 'report']).optional(),
    sourceFile: text(4000).nullable().optional(),
    lineNumber: line.nullable().optional(),
    sample: text(1000).nullable().optional(),
  }),
});

export const CspReportBodySchema = z.union([
  LegacyReportSchema,
  z.array(ReportingApiReportSchema).min(1).max(50),
]);
export type CspReportBody = z.infer<typeof CspReportBodySchema>;

/** A violation as the shop keeps it. */
export interface CspViolation {
  fingerprint: string;
  directive: string;
  blockedUrl: string;
  documentUrl: string;
  disposition: string;
  sourceFile: string | null;
  lineNumber: number | null;
  sample: string | null;
  userAgent: string | null;
}

/** A URL without its query and fragment, cut to 500 characters; keywords ('inline', 'eval') as sent. */
export function reportUrl(value: string | null | undefined): string {
  if (!value) return '';
  try {
    const url = new URL(value);
    url.search = '';
    url.hash = '';
    return url.toString().slice(0, 500);
  } catch {
    return value.slice(0, 500);
  }
}

function violation(parts: Omit<CspViolation, 'fingerprint'>): CspViolation {
  const key = [parts.directive, parts.blockedUrl, parts.documentUrl, parts.disposition].join('\n');
  return { ...parts, fingerprint: createHash('sha256').update(key).digest('hex').slice(0, 32) };
}

/** The violations of a report body, in one shape; `userAgent` is the request's for the old format. */
export function violationsOf(body: CspReportBody, userAgent: string | undefined): CspViolation[] {
  if (!Array.isArray(body)) {
    const r = body['csp-report'];
    // CSP level 2's violated-directive is the directive with its sources ("script-src 'self'").
    const directive = r['effective-directive'] ?? r['violated-directive']?.split(' ')[0] ?? '';
    return [
      violation({
        directive: directive.slice(0, 100),
        blockedUrl: reportUrl(r['blocked-uri']),
        documentUrl: reportUrl(r['document-uri']),
        disposition: r.disposition ?? 'enforce',
        sourceFile: r['source-file'] ? reportUrl(r['source-file']) : null,
        lineNumber: r['line-number'] ?? null,
        sample: r['script-sample']?.slice(0, 100) ?? null,
        userAgent: userAgent?.slice(0, 300) ?? null,
      }),
    ];
  }
  return body.map((report) =>
    violation({
      directive: report.body.effectiveDirective.slice(0, 100),
      blockedUrl: reportUrl(report.body.blockedURL),
      documentUrl: reportUrl(report.body.documentURL),
      disposition: report.body.disposition ?? 'enforce',
      sourceFile: report.body.sourceFile ? reportUrl(report.body.sourceFile) : null,
      lineNumber: report.body.lineNumber ?? null,
      sample: report.body.sample?.slice(0, 100) ?? null,
      userAgent: (report.user_agent ?? userAgent)?.slice(0, 300) ?? null,
    }),
  );
}
