/**
 * The emulated USB connection: a real `@ledgerhq/hw-transport` subclass, so hw-app-eth and the
 * device service run against it unchanged. Going through `exchangeAtomicImpl` gives the same
 * `TransportRaceCondition` and `unresponsive`/`responsive` events as the HID transport.
 */
import { identifyUSBProductId, Transport } from './ledgerhq';

/** The device end of a connection (implemented by `EmulatedLedger`). */
export interface EmulatedEndpoint {
  exchangeFrom(transport: EmulatedTransport, apdu: Buffer): Promise<Buffer>;
  transportClosed(transport: EmulatedTransport): void;
}

export class EmulatedTransport extends Transport {
  private disconnected = false;
  private closed = false;

  constructor(
    private readonly endpoint: EmulatedEndpoint,
    /** The USB enumeration this handle belongs to; a re-enumeration makes it stale. */
    readonly connection: number,
    /** The USB product id the device enumerates with: the transport reports its model, as node-hid's does. */
    usbProductId?: number,
  ) {
    super();
    this.deviceModel = usbProductId === undefined ? null : (identifyUSBProductId(usbProductId) ?? null);
  }

  override exchange(apdu: Buffer): Promise<Buffer> {
    return this.exchangeAtomicImpl(() => this.endpoint.exchangeFrom(this, apdu));
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Like the HID transport, "disconnect" fires once, when an exchange finds the device gone. */
  markDisconnected(): void {
    if (this.disconnected) return;
    this.disconnected = true;
    this.emit('disconnect');
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.endpoint.transportClosed(this);
  }
}
