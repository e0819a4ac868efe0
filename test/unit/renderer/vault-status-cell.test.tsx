/**
 * A vault's status in the campaign and operator pages' vault tables reads as it does on the Vaults
 * screen: the service's word in its pill, and a word the console does not know yet marked as such.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VaultRefTable } from '../../../renderer/src/operators/VaultRefTable';
import type { VaultRef } from '../../../shared/insights/schemas';

const vault = (id: string, status: string | null): VaultRef => ({
  id,
  name: `Vault ${id}`,
  status,
  contractType: 'CDO_EPOCH',
  chain: 'Ethereum',
  token: null,
  category: null,
  type: null,
});

describe('the status of a vault a campaign or an operator names', () => {
  it('marks a status word the console does not know yet, and only that one', () => {
    const html = renderToStaticMarkup(
      createElement(VaultRefTable, { vaults: [vault('a', 'READY'), vault('b', 'SUNSETTING')], label: 'Vaults of the campaign' }),
    );
    const row = (id: string) => html.slice(html.indexOf(`data-vault-id="${id}"`)).split('</tr>')[0]!;
    expect(row('a')).toContain('pill pill-ok');
    expect(row('a')).not.toContain('data-unknown-value');
    expect(row('b')).toContain('data-unknown-value="SUNSETTING"');
    expect(row('b')).toContain('Unknown value &quot;SUNSETTING&quot;');
  });
});
