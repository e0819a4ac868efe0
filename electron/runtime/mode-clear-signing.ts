import type { Hex } from 'viem';
import type { CalldataDescriptorSource } from '../services/device/clear-signing';
import type { SignedNetwork } from '../services/device/network-description';
import type { DescriptorIndex } from '../services/device/token-descriptors';

/**
 * The clear-signing source of the mode the console is in: the demo's once its simulation is
 * running (`use`), nothing otherwise. One object handed to the device and the planner before the
 * simulation exists; they consult it only in the demo (the emulated device, the demo's pipeline),
 * so a real service's plans and a USB Ledger never see the test-certified descriptors.
 */
export class ModeClearSigning implements CalldataDescriptorSource {
  private current: CalldataDescriptorSource | null = null;

  use(source: CalldataDescriptorSource | null): void {
    this.current = source;
  }

  find(chainId: number, to: string, selector: Hex) {
    return this.current?.find(chainId, to, selector) ?? null;
  }

  get tokens(): DescriptorIndex | undefined {
    return this.current?.tokens;
  }

  network(chainId: number): SignedNetwork | null {
    return this.current?.network?.(chainId) ?? null;
  }
}
