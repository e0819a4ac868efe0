import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/runtime/dispatch';
import { createSettingsFeature, type SettingsDeps } from '../../../electron/runtime/features/settings';
import type { Handlers } from '../../../electron/runtime/handlers';
import { createLinkAllowlist } from '../../../electron/runtime/link-allowlist';

const ctx = { transport: 'electron' as const };

/** Settings as the runtime assembles it, with the allowlist the other features feed. */
function settingsWith(links: ReturnType<typeof createLinkAllowlist>): Handlers {
  return createSettingsFeature({ links } as unknown as SettingsDeps).handlers as Handlers;
}

describe('Settings: the sites links may open', () => {
  it("lists the hosts the service's records named, as the allowlist kept them, beside the built-in explorers", async () => {
    const links = createLinkAllowlist();
    const handlers = settingsWith(links);
    expect(await dispatch(handlers, 'settings.linkHosts', {}, ctx)).toMatchObject({ ok: true, value: { namedByService: [] } });

    links.remember([
      'https://kyc.northwind.example/start',
      'http://evil.example/kyc',
      'https://io',
      'https://operator.example/',
      'https://etherscan.io/tx/0x1',
      null,
    ]);
    const answer = await dispatch(handlers, 'settings.linkHosts', {}, ctx);
    expect(answer).toEqual({
      ok: true,
      value: {
        builtIn: expect.arrayContaining(['etherscan.io', 'sepolia.etherscan.io']),
        namedByService: ['kyc.northwind.example', 'operator.example'],
      },
    });
  });

  it('takes no input: anything else the window sends is refused before the handler runs', async () => {
    const result = await dispatch(settingsWith(createLinkAllowlist()), 'settings.linkHosts', { host: 'evil.example' }, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'IPC_BAD_INPUT' } });
  });
});
