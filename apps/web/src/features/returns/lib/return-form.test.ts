import { describe, expect, it } from 'vitest';
import type { ReturnItem } from '@sunward/core/checkout-schemas';
import { createReturnItem, createReturnRecord } from '@/test/factories.ts';
import { createOrder, line } from '../test/returns-test-utils.tsx';
import {
  checkReturnForm,
  offersExchange,
  orderUnitCount,
  orderUnits,
  returnFormReducer,
  returnedItems,
  startingUnits,
} from './return-form.ts';
import { RETURN_TEXTS } from './return-texts.ts';

const unit = (overrides: Partial<ReturnItem>) =>
  createReturnItem({ productId: 'prod_test_shirt', ...overrides });

describe('orderUnits (spec 3: a return item per unit)', () => {
  it('expands each line by its quantity and numbers the units over the lines in order', () => {
    const order = createOrder({
      products: [
        line({ quantity: 2, design: 'alaska', size: 'mdr' }),
        line({
          quantity: 1,
          design: 'sky-ridge',
          size: 'lgs',
          position: 'Back',
          productCost: 5000,
        }),
        line({ quantity: 3, design: 'key-west', size: 'xss' }),
      ],
    });
    const units = orderUnits(order);
    expect(units.map((u) => [u.itemId, u.design, u.size, u.position, u.productCost])).toEqual([
      [0, 'alaska', 'mdr', 'Front', 4500],
      [1, 'alaska', 'mdr', 'Front', 4500],
      [2, 'sky-ridge', 'lgs', 'Back', 5000],
      [3, 'key-west', 'xss', 'Front', 4500],
      [4, 'key-west', 'xss', 'Front', 4500],
      [5, 'key-west', 'xss', 'Front', 4500],
    ]);
    expect(orderUnitCount(order)).toBe(6);
    // Untouched: not ticked, kept, nothing chosen.
    expect(units[0]).toEqual({
      itemId: 0,
      returnType: 'Keep',
      returnReason: '',
      sizeExchange: '',
      positionExchange: '',
      selected: false,
      design: 'alaska',
      position: 'Front',
      productCost: 4500,
      size: 'mdr',
      productId: 'prod_test_shirt',
    });
  });
});

describe('startingUnits (spec 4)', () => {
  it('offers every unit on the first return', () => {
    expect(startingUnits(createOrder()).map((u) => u.itemId)).toEqual([0, 1, 2]);
  });

  it('starts a later return from the units kept in the latest return, untouched again', () => {
    const older = createReturnRecord({
      createdAt: '2026-03-01T10:00:00.000Z',
      products: [
        unit({ itemId: 0, returnType: 'Keep' }),
        unit({ itemId: 1, returnType: 'Keep' }),
        unit({ itemId: 2, returnType: 'Refund', returnReason: 'too-long', selected: true }),
      ],
    });
    const latest = createReturnRecord({
      createdAt: '2026-03-04T10:00:00.000Z',
      products: [
        unit({ itemId: 0, returnType: 'Refund', returnReason: 'too-short', selected: true }),
        unit({ itemId: 1, returnType: 'Keep', size: 'mdr' }),
      ],
    });
    const units = startingUnits(createOrder({ returns: [older, latest] }));
    expect(units).toEqual([
      {
        itemId: 1,
        returnType: 'Keep',
        returnReason: '',
        sizeExchange: '',
        positionExchange: '',
        selected: false,
        design: 'alaska',
        position: 'Front',
        productCost: 4500,
        size: 'mdr',
        productId: 'prod_test_shirt',
      },
    ]);
  });

  it('offers Exchange only while the order has no return', () => {
    expect(offersExchange(createOrder())).toBe(true);
    expect(offersExchange(createOrder({ returns: [createReturnRecord()] }))).toBe(false);
  });
});

describe('returnFormReducer (spec 4, return item form)', () => {
  const start = startingUnits(createOrder());
  const exchanged = [
    { type: 'tick', itemId: 1, selected: true },
    { type: 'returnType', itemId: 1, value: 'Exchange' },
    { type: 'reason', itemId: 1, value: 'too-tight' },
    { type: 'sizeExchange', itemId: 1, value: 'lgr' },
    { type: 'positionExchange', itemId: 1, value: 'Back' },
  ] as const;
  const filled = exchanged.reduce(returnFormReducer, start);

  it('changes only the unit named', () => {
    expect(filled[1]).toMatchObject({
      selected: true,
      returnType: 'Exchange',
      returnReason: 'too-tight',
      sizeExchange: 'lgr',
      positionExchange: 'Back',
    });
    expect(filled[0]).toBe(start[0]);
    expect(filled[2]).toBe(start[2]);
  });

  it('unticking resets the unit to Keep and clears the exchange', () => {
    const unticked = returnFormReducer(filled, { type: 'tick', itemId: 1, selected: false });
    expect(unticked[1]).toEqual(start[1]);
  });

  it.each(['Keep', 'Refund'] as const)(
    'choosing %s clears the exchange size and position',
    (type) => {
      const next = returnFormReducer(filled, { type: 'returnType', itemId: 1, value: type });
      expect(next[1]).toMatchObject({
        returnType: type,
        returnReason: 'too-tight',
        sizeExchange: '',
        positionExchange: '',
      });
    },
  );

  it('takes an exchange size or position only for an Exchange', () => {
    const refund = [
      { type: 'tick', itemId: 0, selected: true },
      { type: 'returnType', itemId: 0, value: 'Refund' },
      { type: 'sizeExchange', itemId: 0, value: 'lgr' },
      { type: 'positionExchange', itemId: 0, value: 'Back' },
    ] as const;
    expect(refund.reduce(returnFormReducer, start)[0]).toMatchObject({
      sizeExchange: '',
      positionExchange: '',
    });
  });
});

describe('checkReturnForm (spec 5, Return Continue)', () => {
  const form = (...items: Partial<ReturnItem>[]) =>
    items.map((overrides, itemId) => unit({ itemId, ...overrides }));

  it('asks for a product when none is ticked', () => {
    expect(checkReturnForm(form({}, {}))).toEqual({
      message: 'Choose at least one product',
      itemIds: [],
    });
  });

  it('asks for a type and a reason, naming the unfinished units', () => {
    const items = form(
      { selected: true, returnType: 'Keep', returnReason: 'too-long' },
      { selected: true, returnType: 'Refund', returnReason: '' },
      { selected: true, returnType: 'Refund', returnReason: 'too-short' },
      // Not ticked: not checked.
      { selected: false },
    );
    expect(checkReturnForm(items)).toEqual({
      message: 'Choose a return type and reason for all selected products',
      itemIds: [0, 1],
    });
  });

  it('asks for the new size and position of an exchange', () => {
    const items = form(
      { selected: true, returnType: 'Exchange', returnReason: 'too-long', sizeExchange: 'lgr' },
      {
        selected: true,
        returnType: 'Exchange',
        returnReason: 'too-long',
        positionExchange: 'Back',
      },
      { selected: true, returnType: 'Refund', returnReason: 'too-short' },
    );
    expect(checkReturnForm(items)).toEqual({
      message: 'Choose a new size and position for all selected products to be exchanged.',
      itemIds: [0, 1],
    });
  });

  it('lets a finished form through, and reviews only the units sent back', () => {
    const items = form(
      {
        selected: true,
        returnType: 'Exchange',
        returnReason: 'too-long',
        sizeExchange: 'lgr',
        positionExchange: 'Back',
      },
      {},
      { selected: true, returnType: 'Refund', returnReason: 'too-short' },
    );
    expect(checkReturnForm(items)).toBeNull();
    expect(returnedItems(items).map((i) => i.itemId)).toEqual([0, 2]);
    expect(RETURN_TEXTS.noneChosen).toBe('Choose at least one product');
  });
});
