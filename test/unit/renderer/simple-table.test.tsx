/**
 * SimpleTable, the small tables' one drawing: a header cell of scope "col" per column, a caption or a
 * label naming the table, columns left out when given as false, the empty line instead of a table
 * with no rows, figures right-aligned, and a row's own attributes for the tests that find it.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SimpleTable, type SimpleColumn } from '../../../renderer/src/components/SimpleTable';

interface Line {
  id: string;
  name: string;
  amount: number;
}
const lines: Line[] = [
  { id: 'a', name: 'Alpha', amount: 12 },
  { id: 'b', name: 'Beta', amount: 7 },
];
const name: SimpleColumn<Line> = { key: 'name', header: 'Name', rowHeader: true, cell: (l) => l.name };
const amount: SimpleColumn<Line> = {
  key: 'amount',
  header: 'Amount',
  numeric: true,
  cell: (l) => l.amount,
  cellProps: (l) => ({ title: `exactly ${l.amount}` }),
};
const draw = (props: Partial<Parameters<typeof SimpleTable<Line>>[0]>) =>
  renderToStaticMarkup(createElement(SimpleTable<Line>, { columns: [name, amount], rows: lines, rowKey: (l) => l.id, ...props }));

describe('SimpleTable', () => {
  it('names the table by its caption and label, and every header cell is scoped', () => {
    const html = draw({ caption: 'Two lines', label: 'Lines', compact: true });
    expect(html).toMatch(/^<table class="table compact" aria-label="Lines">/);
    expect(html).toContain('<caption class="cell-sub">Two lines</caption>');
    expect(html).toContain('<th scope="col">Name</th><th scope="col" class="num">Amount</th>');
    // The first column names its row.
    expect(html).toContain('<th scope="row">Alpha</th><td title="exactly 12" class="num">12</td>');
  });

  it('leaves out a column given as false, and puts the row attributes on the row', () => {
    const html = draw({ columns: [name, false], rowProps: (l) => ({ 'data-line': l.id }) });
    expect(html).not.toContain('Amount');
    expect(html).toContain('<tr data-line="b"><th scope="row">Beta</th></tr>');
  });

  it('says the empty line instead of drawing a table with no rows, and draws nothing without one', () => {
    expect(draw({ rows: [], empty: 'Nothing here yet.' })).toBe('<p class="cell-sub">Nothing here yet.</p>');
    expect(draw({ rows: [] })).toBe('');
  });

  it('names a header that shows no words, for a column of buttons', () => {
    const actions: SimpleColumn<Line> = { key: 'actions', header: null, headerLabel: 'Actions', cell: () => 'Forget' };
    expect(draw({ columns: [name, actions] })).toContain('<th scope="col" aria-label="Actions"></th>');
  });

  it('opens a row’s detail as a row of its own under it, across every column', () => {
    const html = draw({ rowDetail: (l) => (l.id === 'a' ? { content: 'Alpha’s contracts', rowProps: { 'data-detail-of': l.id } } : null) });
    expect(html).toContain(
      '<tr><th scope="row">Alpha</th><td title="exactly 12" class="num">12</td></tr><tr data-detail-of="a"><td colSpan="2">Alpha’s contracts</td></tr><tr><th scope="row">Beta</th>',
    );
    // A closed row has no detail row.
    expect(html.match(/<tr/g)).toHaveLength(4);
  });

  it('draws the totals line its columns give under the rows, figures right-aligned', () => {
    const html = draw({
      columns: [
        { ...name, footer: 'Total' },
        { ...amount, footer: 19, footerProps: { 'data-total': 19 } },
      ],
      footerRowProps: { 'data-testid': 'totals' },
    });
    expect(html).toContain('</tbody><tfoot><tr data-testid="totals"><td>Total</td><td data-total="19" class="num">19</td></tr></tfoot></table>');
    // Without a footer in any column there is no totals line.
    expect(draw({})).not.toContain('<tfoot>');
  });

  it('lets a totals cell span the columns after it, as the Overview’s batch line spans vault and cycle', () => {
    const note: SimpleColumn<Line> = { key: 'note', header: 'Note', cell: () => '' };
    const html = draw({
      columns: [{ ...name, footer: 'Batch total', footerProps: { colSpan: 2 } }, note, { ...amount, footer: 19 }],
    });
    expect(html).toContain('<tfoot><tr><td colSpan="2">Batch total</td><td class="num">19</td></tr></tfoot>');
  });

  it('adds a cell’s own class to its column’s, and says the order of a column its owner sorts by', () => {
    const html = draw({
      columns: [
        { ...name, sort: 'ascending' },
        { ...amount, sort: 'none', cellProps: (l) => ({ className: l.amount > 10 ? 'stale-figure' : undefined }) },
      ],
    });
    expect(html).toContain('<th scope="col" aria-sort="ascending">Name</th><th scope="col" class="num" aria-sort="none">Amount</th>');
    expect(html).toContain('<td class="num stale-figure">12</td>');
    expect(html).toContain('<td class="num">7</td>');
  });
});
