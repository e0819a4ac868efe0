/**
 * APDU framing on the device side: `[CLA INS P1 P2 Lc data]` in, `data ‖ SW1 SW2` out.
 */

/** Status words the emulated device answers with (see the Ethereum app's protocol document). */
export const SW = {
  OK: 0x9000,
  USER_REJECTED: 0x6985,
  LOCKED: 0x5515,
  INVALID_DATA: 0x6a80,
  /** SWO_COMMAND_NOT_ALLOWED: a continuation with no signing started, a hashed EIP-712 request while busy. */
  COMMAND_NOT_ALLOWED: 0x6980,
  WRONG_LENGTH: 0x6700,
  INS_NOT_SUPPORTED: 0x6d00,
  CLA_NOT_SUPPORTED: 0x6e00,
  TX_TYPE_NOT_SUPPORTED: 0x6501,
  INCORRECT_P1_P2: 0x6b00,
  APP_NOT_INSTALLED: 0x6807,
  OPEN_APP_REFUSED: 0x5501,
} as const;

export interface Apdu {
  cla: number;
  ins: number;
  p1: number;
  p2: number;
  data: Buffer;
}

/** A status word thrown by a command handler; the device turns it into a bare `SW1 SW2` answer. */
export class StatusWordError extends Error {
  constructor(readonly sw: number) {
    super(`status 0x${sw.toString(16)}`);
  }
}

export function parseApdu(raw: Buffer): Apdu {
  if (raw.length < 5) throw new StatusWordError(SW.WRONG_LENGTH);
  const lc = raw[4]!;
  if (raw.length !== 5 + lc) throw new StatusWordError(SW.WRONG_LENGTH);
  return { cla: raw[0]!, ins: raw[1]!, p1: raw[2]!, p2: raw[3]!, data: raw.subarray(5) };
}

export function reply(data: Uint8Array | null, sw: number = SW.OK): Buffer {
  const status = Buffer.from([sw >> 8, sw & 0xff]);
  return data ? Buffer.concat([Buffer.from(data), status]) : status;
}

/** Reads the `[count][uint32 BE …]` path header; the rest of the data follows it. */
export function readPath(data: Buffer): { path: number[]; rest: Buffer } {
  const count = data[0];
  if (count === undefined || count === 0 || count > 10 || data.length < 1 + count * 4) {
    throw new StatusWordError(SW.INVALID_DATA);
  }
  const path: number[] = [];
  for (let i = 0; i < count; i++) path.push(data.readUInt32BE(1 + i * 4));
  return { path, rest: data.subarray(1 + count * 4) };
}
