/**
 * Replays the device transcripts recorded by Ledger that ship inside the @ledgerhq/hw-app-eth npm
 * package (`tests/fixtures/apdus/*.apdus` and the inline records of `tests/Eth.unit.test.ts`).
 *
 * What can match byte for byte: the commands recorded on the public test mnemonic at
 * 44'/60'/0'/0'/0 (its address is 0xCbA9…8451) and the configuration answers. The other records
 * were made on other seeds (their 44'/60'/0'/0/0 is 0x6cBC…933d) and are out of reach.
 *
 * Two signatures on our seed were recorded by an old Ethereum app that copied `s` out of its DER
 * encoding one byte off when `s` is shorter than 32 bytes: its `r` and the bytes of `s` are ours,
 * shifted by one byte (so those recorded signatures do not verify). The current app returns the
 * 32-byte big-endian `s`, as the emulator does; the test pins that relation exactly.
 */
import { describe, expect, it } from 'vitest';
import { createEmulatedLedger } from '../../../electron/demo/ledger';
import { recordedExchanges, type RecordedExchange } from './transcripts';

const OUR_PATH = '058000002c8000003c800000008000000000000000'; // 44'/60'/0'/0'/0
const recorded = recordedExchanges();

function onOurSeed(ex: RecordedExchange, ins: string): boolean {
  return ex.command.startsWith(`e0${ins}00`) && ex.command.slice(10, 10 + OUR_PATH.length) === OUR_PATH;
}

async function replay(command: string, options: Parameters<typeof createEmulatedLedger>[0] = {}): Promise<string> {
  const ledger = createEmulatedLedger({ autoApprove: true, blindSigning: true, ...options });
  return (await ledger.transport.exchange(Buffer.from(command, 'hex'))).toString('hex');
}

describe('recorded transcripts from hw-app-eth', () => {
  it('are found in the installed package', () => {
    expect(recorded.length).toBeGreaterThan(100);
  });

  const versions = recorded.filter((ex) => ex.command === 'b001000000');
  it.each(versions.map((ex) => [ex.source, ex] as const))('get app and version (%s) matches byte for byte', async (_source, ex) => {
    const answer = Buffer.from(ex.answer, 'hex');
    const name = answer.subarray(2, 2 + answer[1]!).toString('ascii');
    const versionAt = 2 + answer[1]!;
    const version = answer.subarray(versionAt + 1, versionAt + 1 + answer[versionAt]!).toString('ascii');
    expect(await replay(ex.command, { app: name, appVersion: version })).toBe(ex.answer);
  });

  it('app configuration matches byte for byte', async () => {
    const ex = recorded.find((e) => e.command === 'e006000000');
    expect(ex).toBeDefined();
    // Recorded: blind signing on, version 1.1.6.
    expect(await replay(ex!.command, { appVersion: '1.1.6', blindSigning: true })).toBe(ex!.answer);
  });

  it("get address at 44'/60'/0'/0'/0 matches byte for byte", async () => {
    const exchanges = recorded.filter((ex) => onOurSeed(ex, '02'));
    expect(exchanges.length).toBeGreaterThan(0);
    for (const ex of exchanges) expect(await replay(ex.command)).toBe(ex.answer);
  });

  it('personal message and legacy signatures: same r, same s bytes (recorded one byte off by an old app)', async () => {
    const exchanges = [
      ...recorded.filter((ex) => onOurSeed(ex, '08')),
      ...recorded.filter((ex) => onOurSeed(ex, '04') && ex.command.endsWith('400080')),
    ];
    expect(exchanges.length).toBe(2);
    for (const ex of exchanges) {
      const ours = await replay(ex.command);
      expect(ours.slice(2, 66)).toBe(ex.answer.slice(2, 66)); // r
      const ourS = ours.slice(66, 130);
      const recordedS = ex.answer.slice(66, 130);
      expect(ourS.startsWith('00')).toBe(true);
      expect(ourS.slice(2)).toBe(recordedS.slice(0, 62));
      expect(ours.endsWith('9000')).toBe(true);
    }
  });

  it('legacy v byte for large chain ids follows the recorded rule (4 highest bytes, ·2 + 35 + parity, & 0xFF)', async () => {
    const exchanges = recorded.filter((ex) => onOurSeed(ex, '04') && !ex.command.endsWith('400080'));
    expect(exchanges.length).toBe(2);
    for (const ex of exchanges) {
      const ours = Number.parseInt((await replay(ex.command)).slice(0, 2), 16);
      const theirs = Number.parseInt(ex.answer.slice(0, 2), 16);
      // Both are base + parity for the same base: they differ by at most the parity bit.
      expect(Math.abs(ours - theirs)).toBeLessThanOrEqual(1);
      expect(Math.min(ours, theirs) % 2).toBe(1);
    }
  });
});
