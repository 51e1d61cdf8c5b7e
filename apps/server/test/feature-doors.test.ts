/**
 * The lint zone that keeps each server feature behind its door (decision 032) cannot silently stop
 * working: ESLint, with the repository's own config, refuses a planted import of another feature's
 * private file (even one the old allow-list let through) and accepts the same need met by the door.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const featureFile = (feature: string) =>
  path.join(root, `apps/server/src/features/${feature}/planted-import.ts`);

async function zoneErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

describe('one door per server feature (eslint.config.js)', () => {
  it.each([
    [
      'returns',
      'orders.repository',
      "import { lockOrder } from '../orders/orders.repository.ts';\nvoid lockOrder;\n",
    ],
    [
      'returns',
      'orders.table',
      "import type { OrderRow } from '../orders/orders.table.ts';\nexport type R = OrderRow;\n",
    ],
    [
      'support',
      'operator',
      "import { operatorOf } from '../operators/operator.ts';\nvoid operatorOf;\n",
    ],
    [
      'cart',
      'orders.events',
      "import { ORDER_PLACED } from '../orders/orders.events.ts';\nvoid ORDER_PLACED;\n",
    ],
  ])('refuses %s importing %s past its door', async (feature, _file, code) => {
    const errors = await zoneErrors(code, featureFile(feature));
    expect(errors).toEqual([expect.stringContaining('only through its door')]);
  });

  it('accepts the same needs met through the doors', async () => {
    const code = [
      "import { lockOrder, ORDER_PLACED } from '../orders/orders.api.ts';",
      "import { operatorOf } from '../operators/operators.api.ts';",
      'void lockOrder;',
      'void ORDER_PLACED;',
      'void operatorOf;',
      '',
    ].join('\n');
    expect(await zoneErrors(code, featureFile('returns'))).toEqual([]);
  });

  it('lets a test use another feature’s factories, as a test drives the whole app', async () => {
    const code = "import { orderRow } from '../orders/orders.factories.ts';\nvoid orderRow;\n";
    const filePath = path.join(root, 'apps/server/src/features/returns/planted-import.test.ts');
    expect(await zoneErrors(code, filePath)).toEqual([]);
  });
});
