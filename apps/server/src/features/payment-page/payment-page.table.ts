import type { Selectable } from 'kysely';

/** A kind of Content-Security-Policy report and how often browsers sent it (migration 039). */
export interface CspReportsTable {
  id: string;
  /** sha256 of directive, blocked URL, page and disposition: one row per kind of report. */
  fingerprint: string;
  /** The directive that was violated (script-src-elem, frame-src...). */
  directive: string;
  /** What was blocked: a URL without its query, or 'inline', 'eval'... */
  blocked_url: string;
  /** The page it happened on, without its query. */
  document_url: string;
  /** enforce | report */
  disposition: string;
  source_file: string | null;
  line_number: number | null;
  /** The first 40 characters of a blocked inline script, when the policy asks for them. */
  sample: string | null;
  user_agent: string | null;
  count: number;
  first_seen: string;
  last_seen: string;
}

/** One check of the payment page against the build's script inventory. */
export interface PaymentPageRunsTable {
  id: string;
  /** The page fetched. */
  url: string;
  /** 'schedule' or the operator's email ("Check now"). */
  started_by: string;
  started_at: string;
  finished_at: string | null;
  /** running | done | failed (the page could not be fetched) */
  status: string;
  scripts_checked: number;
  findings: number;
  error: string | null;
}

/** A change a check found; one open finding per kind, subject and what was seen. */
export interface PaymentPageFindingsTable {
  id: string;
  /** The last run that found it. */
  run_id: string;
  /** see payment-page-check.ts (FindingKind) */
  kind: string;
  /** The script's URL or the header's name. */
  subject: string;
  expected: string | null;
  actual: string | null;
  detail: string;
  /** open | cleared (a later check found the page as built) | acknowledged (by an operator) */
  status: string;
  created_at: string;
  last_seen_at: string;
  closed_at: string | null;
  /** 'check' or the operator's email. */
  closed_by: string | null;
}

export type CspReportRow = Selectable<CspReportsTable>;
export type PaymentPageRunRow = Selectable<PaymentPageRunsTable>;
export type PaymentPageFindingRow = Selectable<PaymentPageFindingsTable>;

export interface PaymentPageTables {
  csp_reports: CspReportsTable;
  payment_page_runs: PaymentPageRunsTable;
  payment_page_findings: PaymentPageFindingsTable;
}
