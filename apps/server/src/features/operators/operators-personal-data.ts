/**
 * The operators' part of the personal-data registry (lib/personal-data.ts; decision 032, "Personal
 * data"): the record of what operators did is kept, and an erasure replaces the person's identifiers
 * wherever a record's detail names them (found by text: an action may be about anything). The
 * operators' own emails in it are the operators' data, not the person's.
 */
import { containsText } from '../../lib/like.ts';
import { definePart } from '../../lib/personal-data.ts';
import { scrubRows } from '../../lib/personal-rows.ts';

export const operatorsPersonalData = definePart({
  feature: 'operators',
  tables: ['operator_actions'],
  order: 120,
  locate: async () => undefined,
  async scrubKept(trx, _found, { identifiers, scrub }) {
    if (identifiers.length === 0) return 0;
    const rows = await trx
      .selectFrom('operator_actions')
      .select(['id', 'detail as text'])
      .where((eb) => eb.or(identifiers.map((text) => containsText('detail', text))))
      .execute();
    return scrubRows(trx, 'operator_actions', 'detail', rows, scrub);
  },
});
