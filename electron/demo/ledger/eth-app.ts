/**
 * The Ethereum app's command set (CLA 0xE0), as the device answers it. Stateful like the real app:
 * a transaction or a message streams in over several APDUs before the review starts.
 */
import { concat, hashMessage, keccak256, toBytes } from 'viem';
import {
  addressScreens,
  blindSigningOffScreens,
  isKnownNetwork,
  personalMessageScreens,
  typedDataHashScreens,
  type ReviewTarget,
} from '../../../shared/device/screens';
import type { ConfirmationKind, DeviceScreen } from '../../../shared/device/state';
import { SW, StatusWordError, readPath, reply, type Apdu } from './apdu';
import { knowsInstruction } from './instructions';
import type { Keyring } from './keys';
import { checkTokenInformation, type TokenInfo } from './token-info';
import { GENERIC_PARSER_INS, LOAD_CERTIFICATE_INS, PROVIDE_NETWORK_INS, SIGN_MODE } from '../../../shared/device/generic-parser';
import { compareVersions } from '../../../shared/device/versions';
import { GenericParser } from './generic-parser';
import { ProvidedNetworks } from './network-info';
import { CertificateStore } from './pki';
import { approvalScreens, approveCall, expectedLength, parseUnsignedTransaction, reviewScreens, signatureV } from './transaction';

const INS = {
  GET_ADDRESS: 0x02,
  SIGN_TX: 0x04,
  GET_APP_CONFIGURATION: 0x06,
  SIGN_PERSONAL_MESSAGE: 0x08,
  PROVIDE_ERC20_INFO: 0x0a,
  SIGN_EIP712: 0x0c,
} as const;

const P1_FIRST = 0x00;
const P1_MORE = 0x80;

/** Configuration flags (app `apdu_constants.h`): blind signing allowed; the host must provide ERC-20 information. */
const FLAG_DATA_ALLOWED = 0x01;
const FLAG_EXTERNAL_TOKEN_NEEDED = 0x02;

/** What the app needs from the device around it. */
interface AppContext {
  /** Shows the screens and resolves once the user presses approve (true) or reject (false). */
  confirm(kind: ConfirmationKind, screens: DeviceScreen[]): Promise<boolean>;
  blindSigning(): boolean;
  version(): string;
  /** The model, app version and display settings the review screens follow. */
  target(): ReviewTarget;
  /** Shows a page that waits for no answer (the app has already answered the host). */
  notice(screens: DeviceScreen[]): void;
}

interface Stream {
  ins: number;
  path: number[];
  received: Buffer;
  /** Total bytes expected (message length, or the transaction's RLP length once known). */
  expected: number | undefined;
}

function versionBytes(version: string): number[] {
  const parts = version.split('.').map((p) => Number.parseInt(p, 10) || 0);
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0];
}

/** How many tokens' information the app keeps for the next transaction (5 from 1.11.0). */
const ASSET_SLOTS = 5;

export class EthereumApp {
  private stream: Stream | null = null;
  /** Token information provided for the next transaction, by slot. */
  private tokens: (TokenInfo | undefined)[] = [];
  private nextSlot = 0;

  /** The OS's certificates for this app (B0 06), and the generic parser that checks descriptors with them. */
  private readonly certificates: CertificateStore;
  private readonly parser: GenericParser;
  /** Networks given with E0 30: the app takes token information on them. */
  private readonly networks: ProvidedNetworks;

  constructor(
    private readonly keys: Keyring,
    private readonly ctx: AppContext,
    options: { trustTestCertificates?: boolean } = {},
  ) {
    this.certificates = new CertificateStore(options.trustTestCertificates ?? true);
    this.networks = new ProvidedNetworks(this.certificates);
    this.parser = new GenericParser(this.certificates, (parked) => ({
      from: parked.from,
      to: parked.tx.to!,
      value: parked.tx.value,
      chainId: Number(parked.tx.chainId === 0n ? 1n : parked.tx.chainId),
      appVersion: this.ctx.version(),
      token: (address) => this.tokens.find((t) => t && t.address === address),
    }));
  }

  /** Forget any half-streamed request (the app restarts, the device re-enumerates). */
  reset(): void {
    this.stream = null;
    this.forgetTokens();
    this.parser.reset();
    this.certificates.clear();
    this.networks.clear();
  }

  /** The OS's commands that concern the running app: B0 06 keeps a certificate for its key usage (P1). */
  osCommand(apdu: Apdu): Buffer {
    if (apdu.ins !== LOAD_CERTIFICATE_INS) return reply(null, SW.INS_NOT_SUPPORTED);
    this.certificates.load(apdu.p1, apdu.data);
    return reply(null);
  }

  /** The generic parser came with app 1.14.0: older apps know neither its commands nor the sign modes. */
  private hasGenericParser(): boolean {
    return compareVersions(this.ctx.version(), '1.14.0') >= 0;
  }

  private forgetTokens(): void {
    this.tokens = [];
    this.nextSlot = 0;
  }

  async handle(apdu: Apdu): Promise<Buffer> {
    if (!knowsInstruction(apdu.ins, this.ctx.version())) throw new StatusWordError(SW.INS_NOT_SUPPORTED);
    switch (apdu.ins) {
      case INS.GET_ADDRESS:
        return this.getAddress(apdu);
      case INS.SIGN_TX:
        return this.signTransaction(apdu);
      case INS.GET_APP_CONFIGURATION: {
        // Flags then the version. "Data allowed" follows the blind signing setting. Today's app
        // always sets "external token needed" (it carries no token list); builds with a token list
        // of their own did not (the 1.1.6 transcript Ledger ships). Which versions those were is
        // not recorded: the emulator sets it from 1.9.0, the oldest version the console signs with.
        const tokenListOnDevice = versionBytes(this.ctx.version())[0] === 1 && versionBytes(this.ctx.version())[1]! < 9;
        const flags = (this.ctx.blindSigning() ? FLAG_DATA_ALLOWED : 0) | (tokenListOnDevice ? 0 : FLAG_EXTERNAL_TOKEN_NEEDED);
        return reply(Buffer.from([flags, ...versionBytes(this.ctx.version())]));
      }
      case INS.SIGN_PERSONAL_MESSAGE:
        return this.signPersonalMessage(apdu);
      case INS.PROVIDE_ERC20_INFO:
        return this.provideTokenInformation(apdu);
      case INS.SIGN_EIP712:
        return this.signTypedDataHash(apdu);
      case GENERIC_PARSER_INS.TRANSACTION_INFO:
      case GENERIC_PARSER_INS.TRANSACTION_FIELD:
        if (!this.hasGenericParser()) throw new StatusWordError(SW.INS_NOT_SUPPORTED);
        if (apdu.ins === GENERIC_PARSER_INS.TRANSACTION_INFO) this.parser.transactionInfo(apdu.p1, apdu.data);
        else this.parser.field(apdu.p1, apdu.data);
        return reply(null);
      case PROVIDE_NETWORK_INS:
        // In the app's command table from 1.14 (the structure as 1.22 reads it).
        if (!this.hasGenericParser()) throw new StatusWordError(SW.INS_NOT_SUPPORTED);
        this.networks.provide(apdu.p1, apdu.p2, apdu.data);
        return reply(null);
      default:
        // EIP-712 full mode (0x1A/0x1C), Stark, ETH2 … are not emulated.
        throw new StatusWordError(SW.INS_NOT_SUPPORTED);
    }
  }

  private async getAddress({ p1, p2, data }: Apdu): Promise<Buffer> {
    if (p1 > 0x01 || p2 > 0x01) throw new StatusWordError(SW.INCORRECT_P1_P2);
    const { path, rest } = readPath(data);
    // An optional 8-byte chain id only changes what a Stax shows; nothing else may follow.
    if (rest.length !== 0 && rest.length !== 8) throw new StatusWordError(SW.INVALID_DATA);
    const account = this.keys.account(path);
    if (p1 === 0x01) {
      const approved = await this.ctx.confirm('verify-address', addressScreens(account.address));
      if (!approved) throw new StatusWordError(SW.USER_REJECTED);
    }
    const ascii = Buffer.from(account.address.slice(2), 'ascii');
    const parts = [Buffer.from([account.publicKey.length]), Buffer.from(account.publicKey), Buffer.from([ascii.length]), ascii];
    if (p2 === 0x01) parts.push(Buffer.from(account.chainCode));
    return reply(Buffer.concat(parts));
  }

  /** Starts or continues a chunked stream; answers the bare 9000 of an intermediate chunk with null. */
  private accumulate(apdu: Apdu, firstChunk: (data: Buffer) => Stream): Stream | null {
    if (apdu.p1 === P1_FIRST) {
      this.stream = firstChunk(apdu.data);
    } else if (apdu.p1 === P1_MORE) {
      // A continuation with no signing started: the app answers 0x6980 for a transaction
      // ("Signature not initialized") and 0x6A80 for a personal message.
      if (!this.stream || this.stream.ins !== apdu.ins) {
        throw new StatusWordError(apdu.ins === INS.SIGN_TX ? SW.COMMAND_NOT_ALLOWED : SW.INVALID_DATA);
      }
      this.stream.received = Buffer.concat([this.stream.received, apdu.data]);
    } else {
      throw new StatusWordError(SW.INCORRECT_P1_P2);
    }
    const stream = this.stream;
    if (stream.ins === INS.SIGN_TX && stream.expected === undefined) {
      stream.expected = expectedLength(stream.received);
    }
    if (stream.expected === undefined || stream.received.length < stream.expected) return null;
    this.stream = null;
    if (stream.received.length > stream.expected) throw new StatusWordError(SW.INVALID_DATA);
    return stream;
  }

  private async signTransaction(apdu: Apdu): Promise<Buffer> {
    const modes: number[] = this.hasGenericParser() ? [SIGN_MODE.BASIC, SIGN_MODE.STORE, SIGN_MODE.START_FLOW] : [SIGN_MODE.BASIC];
    if (!modes.includes(apdu.p2)) throw new StatusWordError(SW.INCORRECT_P1_P2);
    if (apdu.p2 === SIGN_MODE.START_FLOW) return this.signClearSigned(apdu);
    let stream: Stream | null;
    try {
      stream = this.accumulate(apdu, (data) => {
        const { path, rest } = readPath(data);
        return { ins: INS.SIGN_TX, path, received: Buffer.from(rest), expected: undefined };
      });
    } catch (err) {
      this.stream = null;
      throw err;
    }
    if (!stream) return reply(null);
    const tx = parseUnsignedTransaction(stream.received);
    if (apdu.p2 === SIGN_MODE.STORE) {
      // Kept, with the token information, for the descriptor that follows (E0 26 / E0 28).
      this.parser.park({ path: stream.path, tx, from: this.keys.account(stream.path).address });
      return reply(null);
    }
    // The token information serves this transaction only.
    const tokens = this.tokens;
    this.forgetTokens();
    const context = { ...this.ctx.target(), from: this.keys.account(stream.path).address, appVersion: this.ctx.version() };
    let screens: DeviceScreen[];
    const approve = approveCall(tx);
    // The app's ERC-20 handling refuses an approval that also sends ETH.
    if (approve && tx.value !== 0n) throw new StatusWordError(SW.INVALID_DATA);
    const token = approve
      ? tokens.find((t) => t && t.address === tx.to && BigInt(t.chainId) === (tx.chainId === 0n ? 1n : tx.chainId))
      : undefined;
    if (approve && token) {
      // Shown in clear: no blind signing needed.
      screens = approvalScreens(tx, approve, token, { ...context, network: this.networks.get(token.chainId) });
    } else {
      // Without the token's information the call falls back to the blind review. The device
      // cannot tell a contract from an account: any data needs the blind signing setting.
      if (tx.dataPresent && !this.ctx.blindSigning()) {
        this.ctx.notice(blindSigningOffScreens(this.ctx.target()));
        throw new StatusWordError(SW.INVALID_DATA);
      }
      screens = reviewScreens(tx, context);
    }
    const approved = await this.ctx.confirm('sign-transaction', screens);
    if (!approved) throw new StatusWordError(SW.USER_REJECTED);
    const sig = this.keys.sign(stream.path, toBytes(tx.signingHash));
    return reply(Buffer.from([signatureV(tx, sig.parity, sig.xGreaterThanN), ...sig.r, ...sig.s]));
  }

  /** E0 04 P2 = 02: the stored transaction reviewed in clear from its descriptor; no blind signing needed. */
  private async signClearSigned(apdu: Apdu): Promise<Buffer> {
    const { parked, screens } = this.parser.startFlow(apdu.data, { appVersion: this.ctx.version(), network: (chainId) => this.networks.get(chainId) });
    this.forgetTokens();
    const approved = await this.ctx.confirm('sign-transaction', screens);
    if (!approved) throw new StatusWordError(SW.USER_REJECTED);
    const sig = this.keys.sign(parked.path, toBytes(parked.tx.signingHash));
    return reply(Buffer.from([signatureV(parked.tx, sig.parity, sig.xGreaterThanN), ...sig.r, ...sig.s]));
  }

  /** E0 0A: checked against the trusted keys, kept in the next slot; the answer is the slot's index. */
  private provideTokenInformation({ data }: Apdu): Buffer {
    const token = checkTokenInformation(data, (chainId) => chainId === 1 || isKnownNetwork(chainId) || this.networks.has(chainId));
    const slot = this.nextSlot;
    this.tokens[slot] = token;
    this.nextSlot = (slot + 1) % ASSET_SLOTS;
    return reply(Buffer.from([slot]));
  }

  private async signPersonalMessage(apdu: Apdu): Promise<Buffer> {
    if (apdu.p2 !== 0x00) throw new StatusWordError(SW.INCORRECT_P1_P2);
    let stream: Stream | null;
    try {
      stream = this.accumulate(apdu, (data) => {
        const { path, rest } = readPath(data);
        if (rest.length < 4) throw new StatusWordError(SW.INVALID_DATA);
        return { ins: INS.SIGN_PERSONAL_MESSAGE, path, received: Buffer.from(rest.subarray(4)), expected: rest.readUInt32BE(0) };
      });
    } catch (err) {
      this.stream = null;
      throw err;
    }
    if (!stream) return reply(null);
    const message = new Uint8Array(stream.received);
    const approved = await this.ctx.confirm('sign-message', personalMessageScreens(message, this.ctx.target()));
    if (!approved) throw new StatusWordError(SW.USER_REJECTED);
    const sig = this.keys.sign(stream.path, toBytes(hashMessage({ raw: message })));
    return reply(Buffer.from([27 + sig.parity, ...sig.r, ...sig.s]));
  }

  private async signTypedDataHash({ p1, p2, data }: Apdu): Promise<Buffer> {
    if (p1 !== 0x00) throw new StatusWordError(SW.INCORRECT_P1_P2);
    // P2 = 01 is the full mode, which needs the 0x1A/0x1C struct definitions: not emulated.
    if (p2 !== 0x00) throw new StatusWordError(SW.INS_NOT_SUPPORTED);
    // As the app: refused while another request is half-streamed, and only with blind signing on
    // (the device shows a "blind signing must be enabled" screen and answers 0x6A80).
    if (this.stream) throw new StatusWordError(SW.COMMAND_NOT_ALLOWED);
    if (!this.ctx.blindSigning()) {
      this.ctx.notice(blindSigningOffScreens(this.ctx.target()));
      throw new StatusWordError(SW.INVALID_DATA);
    }
    const { path, rest } = readPath(data);
    if (rest.length !== 64) throw new StatusWordError(SW.INVALID_DATA);
    const domainHash = rest.subarray(0, 32);
    const messageHash = rest.subarray(32, 64);
    const approved = await this.ctx.confirm(
      'sign-typed-data',
      typedDataHashScreens(`0x${domainHash.toString('hex')}`, `0x${messageHash.toString('hex')}`, this.ctx.target()),
    );
    if (!approved) throw new StatusWordError(SW.USER_REJECTED);
    const digest = keccak256(concat([new Uint8Array([0x19, 0x01]), domainHash, messageHash]));
    const sig = this.keys.sign(path, toBytes(digest));
    return reply(Buffer.from([27 + sig.parity, ...sig.r, ...sig.s]));
  }
}
