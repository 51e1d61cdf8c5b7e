/**
 * The orders CSV: the quoting function's cases (RFC 4180 and formula injection), and the export over
 * real HTTP on every test database: a download of every filtered order across several batches, read
 * back by a strict parser into the same cells.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId, newOrderNumber } from '../../lib/ids.ts';
import { operatorToken, type Person } from '../operators/operators.factories.ts';
import { CSV_HEADER, csvCell, csvRow, itemsText, shopDateTime } from './admin-orders.csv.ts';
import { insertConsoleOrder } from './admin-orders.factories.ts';
import { CSV_BATCH } from './admin-orders.service.ts';
import { orderRow } from '../orders/orders.factories.ts';

/** RFC 4180, strictly: CRLF records, quoted fields with doubled quotes; throws on anything else. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const row: string[] = [];
    for (;;) {
      let cell = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) throw new Error('unterminated quote');
          if (text[i] === '"') {
            if (text[i + 1] === '"') {
              cell += '"';
              i += 2;
            } else {
              i++;
              break;
            }
          } else cell += text[i++];
        }
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
          if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${text[i]} at ${i}`);
          cell += text[i++];
        }
      }
      row.push(cell);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text.slice(i, i + 2) !== '\r\n') throw new Error(`record not ended by CRLF at ${i}`);
      i += 2;
      break;
    }
    rows.push(row);
  }
  return rows;
}

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [12.5, '12.5'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r', '"cr\r"'],
    [' padded ', '" padded "'],
    // Formula injection: a leading apostrophe, whatever follows.
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+1 (704) 555-0100', "'+1 (704) 555-0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['  =1+1', "'  =1+1"],
    ['a=b', 'a=b'],
    ['jamie@example.com', 'jamie@example.com'],
  ])('%j -> %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  /**
   * Spreadsheets fold look-alikes to ASCII before they parse a cell, so the guard reads the cell as
   * NFKC would: every character NFKC maps to = + - @ (the full-width, small, superscript and subscript
   * forms, U+FB29 and the doubled equals signs), also after Unicode spaces or invisible format
   * characters. A plain negative number keeps its apostrophe: no column of this export holds a
   * negative amount, so a leading "-" comes from typed text, and "looks like a number" is a door
   * (-1+2, -1,5 in another locale) not worth opening.
   */
  it.each([
    ['U+FF1D full-width equals', '\uFF1D1+1'],
    ['U+FF0B full-width plus', '\uFF0B1'],
    ['U+FF0D full-width hyphen-minus', '\uFF0D1'],
    ['U+FF20 full-width at', '\uFF20SUM(A1)'],
    ['U+FE66 small equals', '\uFE661'],
    ['U+FE62 small plus', '\uFE621'],
    ['U+FE63 small hyphen-minus', '\uFE631'],
    ['U+FE6B small at', '\uFE6Bx'],
    ['U+207C superscript equals', '\u207C1'],
    ['U+208C subscript equals', '\u208C1'],
    ['U+207A superscript plus', '\u207A1'],
    ['U+208A subscript plus', '\u208A1'],
    ['U+FB29 alternative plus', '\uFB291'],
    ['U+2A75 two equals', '\u2A751'],
    ['U+2A76 three equals', '\u2A761'],
    ['U+3000 ideographic space, then =', '\u3000=1'],
    ['U+00A0 no-break space, then full-width equals', '\u00A0\uFF1D1'],
    ['U+202F narrow no-break space, then @', '\u202F@x'],
    ['U+200B zero-width space, then =', '\u200B=1'],
    ['U+FEFF byte order mark, then +', '\uFEFF+1'],
    ['a line feed first', '\nx'],
    ['a tab first, no formula after', '\tx'],
    ['a negative number (kept as text, deliberately)', '-12.50'],
    ['a dash alone', '-'],
  ])('neutralises %s', (_case, value) => {
    const cell = csvCell(value);
    const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
    expect(unquoted).toBe(`'${value}`);
  });

  it('neutralises every character NFKC folds to = + - @, and no other', () => {
    const folded: string[] = [];
    const wrong: string[] = [];
    for (let code = 0x80; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      const guarded = csvCell(`${char}1`).startsWith("'");
      if (guarded !== /^[=+\-@]/.test(char.normalize('NFKC'))) wrong.push(code.toString(16));
      if (guarded) folded.push(char);
    }
    expect(wrong).toEqual([]);
    // The table above names each of them.
    expect(folded.join('')).toBe('⁺⁼₊₌⩵⩶﬩﹢﹣﹦﹫＋－＝＠');
  });

  it.each([
    ['a dash inside a word', 'T-shirt'],
    ['an amount', '12.50'],
    ['a full-width equals inside', 'a\uFF1Db'],
    ['full-width digits', '\uFF11\uFF12'],
    ['U+2212 minus sign (NFKC keeps it; not one of the four)', '\u22125'],
    ['an address', 'jamie@example.com'],
    ['a name with accents', 'Zoë Ångström'],
  ])('leaves %s as it is', (_case, value) => {
    expect(csvCell(value)).toBe(value);
  });

  it('a row is its cells, comma-separated, CRLF-terminated, and reads back the same', () => {
    const cells = ['a,b', 'say "hi"', 'two\nlines', '=1', 'x'];
    const row = csvRow(cells);
    expect(row.endsWith('\r\n')).toBe(true);
    expect(parseCsv(row)).toEqual([['a,b', 'say "hi"', 'two\nlines', "'=1", 'x']]);
  });

  it('writes items and shop times as people read them', () => {
    expect(
      itemsText([
        { design: '3-peaks-golf', size: 'mdr', position: 'Front', quantity: 2 },
        { design: 'alaska', size: 'sms', position: 'Back', quantity: 1 },
      ]),
    ).toBe('2 x 3 Peaks Golf (MD - Regular, Front); 1 x Alaska (SM - Short, Back)');
    expect(shopDateTime('2026-07-04T16:05:00.000Z')).toBe('2026-07-04 12:05');
    expect(shopDateTime('2026-01-01T04:30:00.000Z')).toBe('2025-12-31 23:30');
  });
});

describe.each(DATABASE_KINDS)('the orders CSV export on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
  });
  afterAll(async () => t?.close());

  const csv = (query: string) =>
    t.request('GET', `/api/admin/orders.csv?${query}`, undefined, operator.headers);

  it('downloads the filtered orders, every cell quoted as it must be', async () => {
    const tricky = await insertConsoleOrder(t.database.db, {
      created_at: '2035-03-01T17:00:00.000Z',
      email: '=cmd|"/C calc"!A0@example.com',
      shipping_name: 'O\'Brien, "Pat"\nJr',
      status: 'shipped',
      carrier: 'usps',
      tracking: '9400111899223197428490',
      subtotal: 9000,
      shipping: 895,
      sales_tax: 712,
      total: 10607,
      amount_refunded: 1000,
      lines: [2],
    });
    const plain = await insertConsoleOrder(t.database.db, {
      created_at: '2035-03-02T17:00:00.000Z',
      shipping_name: 'Sam Lee',
      status: 'pending',
    });
    // Outside the filter: another year.
    await insertConsoleOrder(t.database.db, { created_at: '2036-01-01T17:00:00.000Z' });

    const res = await csv('from=2035-03-01&to=2035-03-31');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(parseCsv(res.text)).toEqual([
      [...CSV_HEADER],
      [
        plain.order_number,
        '2035-03-02 12:00',
        'pending',
        'Paid',
        'shopper@example.com',
        'Sam Lee',
        '1 x Alaska (MD - Regular, Front)',
        '45.00',
        '0.00',
        '5.00',
        '50.00',
        '0.00',
        '',
        '',
      ],
      [
        tricky.order_number,
        '2035-03-01 12:00',
        'shipped',
        'Partly refunded',
        '\'=cmd|"/C calc"!A0@example.com',
        'O\'Brien, "Pat"\nJr',
        '2 x Alaska (MD - Regular, Front)',
        '90.00',
        '8.95',
        '7.12',
        '106.07',
        '10.00',
        '9400111899223197428490',
        'usps',
      ],
    ]);

    const shipped = parseCsv((await csv('from=2035-03-01&to=2035-03-31&status=shipped')).text);
    expect(shipped.map((r) => r[0])).toEqual(['Order number', tricky.order_number]);
    const none = parseCsv((await csv('from=2035-03-01&to=2035-03-31&q=nobody')).text);
    expect(none).toEqual([[...CSV_HEADER]]);

    const bad = await csv('from=2035-03-31&to=2035-03-01');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_range' });
  });

  it('writes every order of a list longer than a batch, once each, newest first', async () => {
    const count = CSV_BATCH * 2 + 7;
    const rows = Array.from({ length: count }, (_, i) =>
      orderRow({
        id: newId('ord'),
        order_number: newOrderNumber(),
        // One second apart, some sharing a second: the id breaks ties.
        created_at: new Date(Date.UTC(2037, 0, 1, 12, 0, Math.floor(i / 2))).toISOString(),
      }),
    );
    await t.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('orders')
          .values(rows.slice(i, i + 200))
          .execute();
      }
    });
    const res = await csv('from=2037-01-01&to=2037-01-01');
    expect(res.status).toBe(200);
    const numbers = parseCsv(res.text)
      .slice(1)
      .map((r) => r[0]);
    const expected = [...rows]
      .sort((a, b) =>
        a.created_at === b.created_at
          ? b.id.localeCompare(a.id)
          : b.created_at!.localeCompare(a.created_at!),
      )
      .map((r) => r.order_number);
    expect(numbers).toEqual(expected);
  });
});
