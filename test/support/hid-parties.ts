/**
 * What the fake HID device shares with whoever else has it open: each model's USB identity, the
 * framing of the device's answers into 64-byte input reports, and another application holding a
 * shared open of the same device.
 */
import type { EmulatedTransport } from '../../electron/demo/ledger';

export const REPORT_SIZE = 64;
export const TAG_APDU = 0x05;

/**
 * Each model's USB product id high byte (`productIdMM` in @ledgerhq/devices) and product string; the
 * low byte is the interface set, which differs between the dashboard and an app, as on a device.
 */
export const LEDGER_MODELS = {
  nanoS: { productIdMM: 0x10, product: 'Nano S' },
  nanoSP: { productIdMM: 0x50, product: 'Nano S Plus' },
  nanoX: { productIdMM: 0x40, product: 'Nano X' },
  stax: { productIdMM: 0x60, product: 'Stax' },
  flex: { productIdMM: 0x70, product: 'Flex' },
  apex: { productIdMM: 0x80, product: 'Nano Gen5' },
} as const;
export type LedgerModel = keyof typeof LEDGER_MODELS;

/** `data ‖ SW` as the device sends it back: 64-byte reports on the command's channel. */
export function frameAnswer(channel: number, answer: Buffer): Buffer[] {
  const reports: Buffer[] = [];
  let data = Buffer.concat([Buffer.from([answer.length >> 8, answer.length & 0xff]), answer]);
  for (let sequence = 0; data.length > 0; sequence++) {
    const head = Buffer.from([channel >> 8, channel & 0xff, TAG_APDU, sequence >> 8, sequence & 0xff]);
    const body = data.subarray(0, REPORT_SIZE - head.length);
    data = data.subarray(body.length);
    const report = Buffer.alloc(REPORT_SIZE);
    Buffer.concat([head, body]).copy(report);
    reports.push(report);
  }
  return reports;
}

/** What an open handle can do to the others: every input report reaches every open handle. */
export interface ReportBus {
  broadcast(from: OtherApplication, reports: Buffer[]): void;
  forgetOther(other: OtherApplication): void;
}

/**
 * Another application with the device open at the same time (a shared open). Its commands reach
 * the same app on the device, and it reads every input report: one that answers someone else's
 * command, arriving while its own exchange waits, breaks that exchange, as Ledger's HID framing
 * does ("Invalid channel").
 */
export class OtherApplication {
  readonly channel = 0x0bad;
  /** Its exchanges broken by reports that answered another application's command. */
  interrupted = 0;
  /** Its commands the device answered. */
  answered = 0;
  private waiting: ((err: Error | null, answer?: Buffer) => void) | null = null;

  constructor(
    private readonly bus: ReportBus,
    private readonly transport: EmulatedTransport,
  ) {}

  /** Sends one APDU and waits for its answer (`data ‖ SW`). */
  exchange(apdu: Buffer): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting = (err, answer) => (err ? reject(err) : resolve(answer!));
      this.transport.exchange(apdu).then(
        (answer) => {
          this.answered += 1;
          this.bus.broadcast(this, frameAnswer(this.channel, answer));
          this.settle(null, answer);
        },
        (err: unknown) => this.settle(err instanceof Error ? err : new Error(String(err))),
      );
    });
  }

  deliver(report: Buffer): void {
    if (!this.waiting || report.readUInt16BE(0) === this.channel) return;
    this.interrupted += 1;
    this.settle(new Error('Invalid channel'));
  }

  close(): void {
    this.bus.forgetOther(this);
    void this.transport.close();
  }

  private settle(err: Error | null, answer?: Buffer): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.(err, answer);
  }
}
