/**
 * An operator: a customer with the admin role (issue 15), as the console's requests carry them
 * (`request.operator`, set by the `requireOperator` check in plugins/auth.ts). Operators are granted by
 * ADMIN_EMAILS (a verified email on the list gets the role when it signs in) or by
 * `npm run admin -- grant <email>`, and lose it by `npm run admin -- revoke <email>`.
 */
export interface Operator {
  /** The operator's customer id. */
  customerId: string;
  email: string;
  name: string;
}

/** Recorded for changes made with no person behind them in tests and scripts. */
export const OPERATOR_ROLE = 'admin';
