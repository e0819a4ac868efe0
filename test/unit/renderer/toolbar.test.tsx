/**
 * The one toolbar above a list: the search box first, then the filters, "Clear filters" only while a
 * filter is set, then the actions; named for assistive technology only when given a label.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Toolbar } from '../../../renderer/src/components/Toolbar';

const search = { value: 'lender', onChange: () => undefined, placeholder: 'Search wallet', label: 'Search positions' };
const text = (html: string) => html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|');

describe('Toolbar', () => {
  it('draws the search box, the filters, Clear filters and the actions in one row, in that order', () => {
    const html = renderToStaticMarkup(
      createElement(Toolbar, {
        search,
        clear: { shown: true, onClear: () => undefined },
        actions: createElement('span', null, '2 selected'),
        children: createElement('select', { 'aria-label': 'Vault' }, createElement('option', null, 'All vaults')),
      }),
    );
    expect(html).toMatch(
      /^<div class="table-toolbar"><input class="search" type="search" placeholder="Search wallet" aria-label="Search positions" value="lender"\/>/,
    );
    expect(text(html)).toBe('|All vaults|Clear filters|2 selected|');
  });

  it('offers Clear filters only while a filter is set, and is a named group only when labelled', () => {
    const plain = renderToStaticMarkup(
      createElement(Toolbar, { clear: { shown: false, onClear: () => undefined }, className: 'tx-filters' }),
    );
    expect(plain).toBe('<div class="table-toolbar tx-filters"></div>');
    const named = renderToStaticMarkup(createElement(Toolbar, { label: 'Filters' }));
    expect(named).toBe('<div class="table-toolbar" role="group" aria-label="Filters"></div>');
  });
});
