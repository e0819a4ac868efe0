import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceHost, EmulatedHostOptions } from '../../../electron/runtime/device-host';
import { createDeviceFeature } from '../../../electron/runtime/features/device';
import type { DevicePort } from '../../../electron/services/device';
import type { LedgerBindings } from '../../../electron/services/device/ledger-bindings';
import type { WalletBook } from '../../../electron/services/wallets/wallet-book';

// The runtime never depends on the simulation: the emulated Ledger, like the embedded simulation,
// is a starter the entry points inject, and lint keeps the runtime's own files off electron/demo.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('the emulated Ledger is injected into the runtime', () => {
  it('the demo starts its Ledger through the injected starter, with the demo clear-signing source', async () => {
    const demoClearSigning = { descriptorsFor: () => [] } as never;
    const fake: DeviceHost = {
      kind: 'emulated',
      service: { subscribe: () => () => undefined, getState: () => ({ status: 'ready' }), setVisible: async () => undefined } as unknown as DevicePort,
      emulator: null,
      stop: async () => undefined,
    };
    const startEmulated = vi.fn(async (_emulate: EmulatedHostOptions) => fake);
    const device = createDeviceFeature({
      kind: () => 'emulated',
      startEmulated,
      demoClearSigning,
      book: () => ({}) as WalletBook,
      bindings: () => ({}) as LedgerBindings,
      emit: () => undefined,
    });
    expect(await device.host()).toBe(fake);
    expect(startEmulated).toHaveBeenCalledWith({ calldataDescriptors: demoClearSigning });
  });

  it('lint refuses an import of electron/demo in the runtime, except in its injected starters', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const source = "import { SIM_MNEMONIC } from '../demo/chain';\nexport const seed = SIM_MNEMONIC;\n";
    const zoneErrors = async (file: string) => {
      const [result] = await eslint.lintText(source, { filePath: join(ROOT, 'electron/runtime', file) });
      return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
    };
    expect(await zoneErrors('device-host.ts')).toEqual([expect.stringContaining('The runtime never depends on the simulation')]);
    expect(await zoneErrors('emulated-device.ts')).toEqual([]);
    expect(await zoneErrors('embedded-simulation.ts')).toEqual([]);
  }, 120_000);
});
