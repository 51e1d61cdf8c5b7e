/**
 * The customers' part of the personal-data registry (lib/personal-data.ts; decision 032, "Personal
 * data"): the customer record and their sign-in identities. It runs first and says who the person is:
 * the identities' subjects (their built-in account is the one whose id is a subject) and the
 * customer's email when it is verified (only a verified address finds guest records). Erased last:
 * the identities are replaced by tombstones (a token they still hold cannot make the customer again)
 * and the record stays as an empty placeholder the orders keep pointing to.
 */
import { definePart } from '../../lib/personal-data.ts';
import { addDistinct, lowerEmail } from '../../lib/personal-text.ts';
import * as repo from './customer-erasure.repository.ts';
import { findCustomer } from './customers.repository.ts';
import { rolesOf } from './customers.service.ts';

export const customersPersonalData = definePart({
  feature: 'customers',
  tables: ['customers', 'customer_identities', 'erased_identities'],
  order: 10,
  saysWho: true,
  async locate(db, person) {
    const customer = await findCustomer(db, person.customerId);
    const identities = customer ? await repo.identitiesOf(db, person.customerId) : [];
    addDistinct(
      person.subjects,
      identities.map((i) => i.subject),
    );
    if (customer?.email_verified === 1) {
      addDistinct(person.verifiedEmails, [lowerEmail(customer.email)]);
      addDistinct(person.addresses, [lowerEmail(customer.email)]);
    }
    return { customer, identities };
  },
  identifiers: ({ customer }) => [customer?.email, customer?.name],
  async export(_db, { customer, identities }) {
    return {
      customer: customer && {
        id: customer.id,
        email: customer.email,
        emailVerified: customer.email_verified === 1,
        name: customer.name,
        roles: rolesOf(customer),
        createdAt: customer.created_at,
        updatedAt: customer.updated_at,
        erasedAt: customer.erased_at,
      },
      signInIdentities: identities.map((i) => ({
        issuer: i.issuer,
        subject: i.subject,
        connection: i.connection,
        linkedAt: i.created_at,
      })),
    };
  },
  async erase(trx, { identities }, { at, person }) {
    const erased = await repo.replaceIdentities(trx, identities, person.customerId, at);
    await repo.emptyCustomer(trx, person.customerId, at);
    return { identities: erased };
  },
});
