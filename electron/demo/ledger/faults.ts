/**
 * Status words a test makes the emulated device answer instead of running a command: the next
 * APDUs whatever they are (`failNextWith`), or the next ones of one instruction
 * (`failInstructionWith`), for words the emulation does not reach by its own state.
 */
import { compareVersions } from '../../../shared/device/versions';

export class Faults {
  private readonly next: number[] = [];
  private readonly byInstruction = new Map<number, number[]>();

  failNext(statusWords: number[]): void {
    this.next.push(...statusWords);
  }

  failInstruction(ins: number, statusWords: number[]): void {
    this.byInstruction.set(ins, [...(this.byInstruction.get(ins) ?? []), ...statusWords]);
  }

  /** The word to answer this raw APDU with, if one is planned. */
  take(raw: Buffer): number | undefined {
    const any = this.next.shift();
    if (any !== undefined) return any;
    const planned = raw.length >= 2 ? this.byInstruction.get(raw[1]!) : undefined;
    return planned?.shift();
  }
}

/**
 * What the app answers a personal message started while another request is on its screen: 0x6985
 * (the word of a rejection) up to 1.19.3, 0x6980 from 1.20 (`cmd_sign_message.c`).
 */
export function busyMessageStatusWord(appVersion: string): number {
  return compareVersions(appVersion, '1.20.0') < 0 ? 0x6985 : 0x6980;
}
