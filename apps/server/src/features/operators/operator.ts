/**
 * An operator: a customer with the admin role (issue 15), as the console's requests carry them
 * (`request.operator`, set by the `requireOperator` check in plugins/auth.ts). Operators are granted by
 * ADMIN_EMAILS (a verified email on the list gets the role when it signs in) or by
 * `npm run admin -- grant <email>`, and lose it by `npm run admin -- revoke <email>`.
 */
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/http-errors.ts';

export interface Operator {
  /** The operator's customer id. */
  customerId: string;
  email: string;
  name: string;
}

/** What every operator route may answer before its handler runs (plugins/auth.ts), for errorResponses. */
export const OPERATOR_STATUS = {
  unauthorized: 401,
  invalid_token: 401,
  forbidden: 403,
  auth_unavailable: 503,
};

/** The operator of a request on an operator route (the route's check has made sure there is one). */
export function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw unauthorized();
  return request.operator;
}
