import { z } from 'zod';
import { CSV_MAX_BYTES, CSV_MAX_ROWS, GroupSchema, WalletSchema } from '../wallets/schemas';
import { csvTooLarge } from '../wallets/csv-size';
import { ConfirmationKindSchema, DerivationSchemeSchema, DeviceScreenSchema, LedgerModelSchema } from '../device/schemas';
import { NamedRefSchema } from '../insights/schemas';
import { SetAsideSchema } from '../portfolio/schemas';
import { BATCH_NAME_MAX } from '../signing/schemas';
import { AddressSchema } from '../domain/hex';

/**
 * Schemas of the view models that cross the bridge. Amounts are decimal strings of base units
 * (never floats or bigint); dates are unix milliseconds or ISO strings as named.
 */

export const EmptyInput = z.object({}).strict();

/**
 * Where the console's data comes from: the embedded simulation, a real service with a key, a real
 * service without one (`public`: its key-less public routes only, read-only), or nothing (offline).
 */
export const ConsoleModeSchema = z.enum(['demo', 'live', 'public', 'offline']);
export type ConsoleMode = z.infer<typeof ConsoleModeSchema>;

export const AppInfoSchema = z.object({
  version: z.string(),
  mode: ConsoleModeSchema,
  /** The service the console reads (in public mode without a key); in demo mode the embedded simulation's address. */
  serviceUrl: z.string(),
  /** Which bridge the renderer is talking through. */
  shell: z.enum(['electron', 'browser']),
  platform: z.string(),
  /** In demo mode, whether the embedded simulation (chains, service) is up yet. */
  simulation: z.enum(['starting', 'ready', 'failed']).nullable(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

/**
 * How the service is being read right now, pushed as it changes: the records its latest reads set
 * aside, and the pause every call keeps after a 429 (a time to count down to, not a failure).
 */
export const ServiceStateSchema = z.object({
  setAside: SetAsideSchema,
  rateLimit: z.object({
    /** When calls may be sent again (unix ms), or null when they flow. */
    waitingUntilMs: z.number().nullable(),
  }),
});
export type ServiceState = z.infer<typeof ServiceStateSchema>;

/** What the renderer may know about the API key: whether there is one and a short fingerprint. */
export const ApiKeyStatusSchema = z.object({
  serviceUrl: z.string().nullable(),
  configured: z.boolean(),
  /** `sha256:` and the first 8 hex digits of the key's hash; never the key or part of it. */
  fingerprint: z.string().nullable(),
  keychainAvailable: z.boolean(),
  keychainProblem: z.string().nullable(),
  /**
   * Without a keychain, the passphrase-encrypted key file the key is kept in instead: not made yet,
   * locked (its passphrase not entered in this run) or unlocked; null while the keychain answers.
   */
  keyFile: z.enum(['absent', 'locked', 'unlocked']).nullable(),
});
export type ApiKeyStatus = z.infer<typeof ApiKeyStatusSchema>;

/**
 * The hosts external links may open, for the operator to see: the block explorers the console
 * knows, and the exact hosts of https addresses the service's records named (KYC pages, operators'
 * sites), which grow as the console reads them.
 */
export const LinkHostsSchema = z.object({
  builtIn: z.array(z.string()),
  namedByService: z.array(z.string()),
});
export type LinkHosts = z.infer<typeof LinkHostsSchema>;

const HttpsUrl = z
  .string()
  .trim()
  .max(2048)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'Use an http or https address');

export const SetApiKeyInput = z
  .object({
    serviceUrl: HttpsUrl,
    // Keys are opaque bearer tokens; bound them so a pasted document cannot reach the keychain.
    apiKey: z
      .string()
      .trim()
      .min(8, 'The key looks too short')
      .max(512, 'The key looks too long')
      .regex(/^[\x21-\x7e]+$/, 'The key has spaces or characters a key cannot have'),
  })
  .strict();

/** The key file's passphrase: bounded, never stored, never logged. */
export const KeyFilePassphraseInput = z.object({ passphrase: z.string().min(1, 'Enter the passphrase').max(1024, 'The passphrase is too long') }).strict();

export const TestConnectionInput = z
  .object({
    /** Test a key before saving it; without one, the saved key is tested. */
    serviceUrl: HttpsUrl.optional(),
    apiKey: SetApiKeyInput.shape.apiKey.optional(),
    /** The operator confirmed testing an address on the local network (private or link-local). */
    allowPrivateAddress: z.boolean().optional(),
  })
  .strict();

export const ConnectionTestSchema = z.object({
  ok: z.boolean(),
  serviceUrl: z.string(),
  latencyMs: z.number(),
  vaultCount: z.number().nullable(),
  message: z.string(),
});
export type ConnectionTest = z.infer<typeof ConnectionTestSchema>;

export const VaultRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  symbol: z.string().nullable(),
  contractType: z.string().nullable(),
  status: z.string().nullable(),
  /** In the contracts' fee units (100000 = 100 %), as the service sends it. */
  feePercentage: z.number().nullable(),
  description: z.string().nullable(),
  token: z
    .object({ id: z.string(), symbol: z.string(), name: z.string().nullable(), decimals: z.number(), address: z.string().nullable() })
    .nullable(),
  chain: z.object({ id: z.string(), name: z.string(), chainId: z.number().nullable() }).nullable(),
  /** The service's vault category and vault type (names in every language the service gives). */
  category: NamedRefSchema.nullable(),
  type: NamedRefSchema.nullable(),
  /** The epoch vault's generation as the record names it (`cdoEpoch.abiCode`); the chain's answer is the portfolio's. */
  abiCode: z.string().max(64).nullable(),
});
export type VaultRow = z.infer<typeof VaultRowSchema>;

export const VaultListSchema = z.object({
  vaults: z.array(VaultRowSchema),
  /** How many vaults the service listed that are not PUBLIC and are therefore not shown. */
  hiddenCount: z.number(),
  /** Categories and types the service lists, with how many public vaults each has: the Vaults screen's filters. */
  categories: z.array(NamedRefSchema.extend({ count: z.number() })),
  types: z.array(NamedRefSchema.extend({ count: z.number() })),
  fetchedAt: z.number(),
});
export type VaultList = z.infer<typeof VaultListSchema>;

export const OpenExternalInput = z.object({ url: z.string().max(2048) }).strict();
/** An alert shown as an OS notification (desktop app only): short plain text, no link or action. */
export const NotifyInput = z.object({ title: z.string().min(1).max(160), body: z.string().max(400) }).strict();

// ---- Wallet book ----------------------------------------------------------------------------

export const WalletBookViewSchema = z.object({
  wallets: z.array(WalletSchema),
  groups: z.array(GroupSchema),
  /** Set when the book on disk could not be read and was kept aside under this name. */
  recoveredFrom: z.string().nullable(),
});
export type WalletBookView = z.infer<typeof WalletBookViewSchema>;

const GroupId = z.string().min(1).max(40);
const AddressInput = z.string().trim().max(100);

export const AddWalletInput = z
  .object({
    address: AddressInput,
    label: z.string().max(80).optional(),
    notes: z.string().max(1000).optional(),
    groupIds: z.array(GroupId).max(50).optional(),
  })
  .strict();
export const UpdateWalletInput = z.object({ address: AddressInput, label: z.string().max(80).optional(), notes: z.string().max(1000).optional() }).strict();
export const RemoveWalletsInput = z.object({ addresses: z.array(AddressInput).min(1).max(CSV_MAX_ROWS) }).strict();
export const ImportCsvInput = z
  .object({
    // Checked again, exactly, by the importer; this bound only keeps absurd payloads off the bridge
    // (the window refuses a file over the limit before reading it, with the same words).
    csv: z.string().max(CSV_MAX_BYTES + 1024, `${csvTooLarge().message} ${csvTooLarge().action.replace(/\.$/, '')}`),
    groupId: GroupId.optional(),
    /** Wallets already in the book keep their labels. */
    keepLabels: z.boolean().optional(),
  })
  .strict();
export const ExportWalletsInput = z.object({ format: z.enum(['csv', 'json']), groupId: GroupId.optional() }).strict();
export const ExportedFileSchema = z.object({ fileName: z.string(), mimeType: z.string(), content: z.string() });
export type ExportedFile = z.infer<typeof ExportedFileSchema>;
export const GroupNameInput = z.object({ name: z.string().max(60) }).strict();
export const RenameGroupInput = z.object({ id: GroupId, name: z.string().max(60) }).strict();
export const GroupIdInput = z.object({ id: GroupId }).strict();
export const SetMembersInput = z.object({ groupId: GroupId, addresses: z.array(AddressInput).min(1).max(CSV_MAX_ROWS), member: z.boolean() }).strict();

/** `force`: the operator pressed Refresh: the position records and agreements that follow ask the service again. */
export const PortfolioInput = z.object({ groupId: z.string().max(40).nullable(), force: z.boolean().optional() }).strict();

export const VaultIdInput = z.object({ vaultId: z.string().min(1).max(40) }).strict();

/**
 * One past or current epoch of a vault, from the service's records. Rates in percent, on the one
 * scale (shared/domain/rates.ts `epochRates`): `apr` is the epoch's GROSS rate, `lastApr` the
 * epoch before's; `net` after fees; the APYs where the service gives them.
 */
export const EpochRowSchema = z.object({
  /** The epoch's number as the contracts count it: the nth epoch started (1-based), the queue key of the requests made while it ran. */
  count: z.number(),
  status: z.string(),
  startDate: z.number().nullable(),
  endDate: z.number().nullable(),
  apr: z.number().nullable(),
  lastApr: z.number().nullable(),
  net: z.number().nullable(),
  apyGross: z.number().nullable(),
  apyNet: z.number().nullable(),
  withdrawType: z.string().nullable(),
  depositQueue: z.string().nullable(),
  withdrawQueue: z.string().nullable(),
});
export type EpochRow = z.infer<typeof EpochRowSchema>;
export const EpochHistorySchema = z.object({ vaultId: z.string(), epochs: z.array(EpochRowSchema), fetchedAtMs: z.number() });
export type EpochHistory = z.infer<typeof EpochHistorySchema>;

// ---- Ledger ---------------------------------------------------------------------------------

/** Which device the console talks to: a real Ledger over USB, or the demo's emulated one. */
export const DeviceKindSchema = z.enum(['hid', 'emulated']);

export const DiscoverInput = z
  .object({ scheme: DerivationSchemeSchema, start: z.number().int().min(0).max(10_000), count: z.number().int().min(1).max(50) })
  .strict();
export const VerifyAddressInput = z.object({ path: z.string().max(64), address: AddressSchema }).strict();
export const ImportLedgerInput = z
  .object({
    scheme: DerivationSchemeSchema,
    /** Account indices to import; the addresses are derived again on the device, never taken from the window. */
    indices: z.array(z.number().int().min(0).max(10_000)).min(1).max(200),
    groupId: z.string().max(40).optional(),
  })
  .strict();

/** What the emulated Ledger shows and how it is set, for the demo's device panel. */
export const EmulatorSnapshotSchema = z.object({
  plugged: z.boolean(),
  locked: z.boolean(),
  app: z.string(),
  appVersion: z.string(),
  /** The emulated model and its Ethereum app's version (whatever app is open). */
  model: LedgerModelSchema.optional(),
  ethereumAppVersion: z.string().optional(),
  /** The emulated device's OS version (what its dashboard reports). */
  osVersion: z.string().optional(),
  blindSigning: z.boolean(),
  screens: z.array(DeviceScreenSchema),
  pending: z.object({ kind: ConfirmationKindSchema, screens: z.array(DeviceScreenSchema) }).nullable(),
});
export type EmulatorSnapshot = z.infer<typeof EmulatorSnapshotSchema>;

export const EmulatorCommandInput = z
  .object({ command: z.enum(['approve', 'reject', 'lock', 'unlock', 'unplug', 'replug', 'openEthereum', 'openDashboard', 'blindSigningOn', 'blindSigningOff']) })
  .strict();

export const AgreementsInput = z.object({ groupId: z.string().max(40).nullable(), force: z.boolean().optional() }).strict();
export const AgreementsSchema = z.object({
  rows: z.array(z.object({ wallet: z.string(), vaultId: z.string(), required: z.array(z.string()), signed: z.array(z.string()) })),
  checkedAtMs: z.number(),
});

export const SetOfflineInput = z.object({ offline: z.boolean() }).strict();

// ---- Signing --------------------------------------------------------------------------------

/** The most one plan across vaults holds: vaults, and per vault its requests and wallets. */
export const ACROSS_VAULTS = { vaults: 10, requests: 1_000, wallets: 500 } as const;

/**
 * What the operator asks to sign. Wallets are named by address only: the main side takes each
 * one's Ledger path from the wallet book (a watch-only wallet cannot sign and is skipped with that reason).
 */
export const PlanRequestInput = z
  .object({
    vaultId: z.string().min(1).max(40),
    /**
     * One action in several vaults, planned as one batch (`vaultId`, `wallets` and `requestIds`
     * then name the whole selection): claims and cancels picked across vaults (per vault, its
     * wallets and requests), or a deposit or withdrawal the operator chose in several vaults (per
     * vault, the wallets and the amount per wallet in that vault's own token; a withdrawal's part
     * may say `redeem` where the vault is between epochs).
     */
    parts: z
      .array(
        z
          .object({
            vaultId: z.string().min(1).max(40),
            // Bounded so that the whole call stays under the bridge's frame ceiling (shell/frame-ceiling.ts):
            // up to 10 vaults of 1,000 requests each; a larger selection is planned vault by vault.
            wallets: z.array(AddressSchema).min(1).max(ACROSS_VAULTS.wallets),
            requestIds: z.array(z.string().max(200)).min(1).max(ACROSS_VAULTS.requests).optional(),
            amount: z.string().max(80).optional(),
            action: z.enum(['withdraw', 'redeem']).optional(),
            /** A deposit from the operator's CSV: this vault's amount per wallet, in its underlying's units. */
            walletAmounts: z
              .array(z.object({ wallet: AddressSchema, amount: z.string().max(80) }).strict())
              .max(ACROSS_VAULTS.wallets)
              .optional(),
          })
          .strict(),
      )
      .min(1)
      .max(ACROSS_VAULTS.vaults)
      .optional(),
    action: z.enum(['deposit', 'withdraw', 'redeem', 'claim', 'cancel', 'agreements']),
    wallets: z.array(AddressSchema).min(1).max(2000),
    amount: z.string().max(80).optional(),
    requestIds: z.array(z.string().max(200)).max(20_000).optional(),
    approval: z.enum(['exact', 'unlimited']).optional(),
    /** A deposit while the epoch runs: through the queue (default) or directly into a vault that takes it. */
    depositRoute: z.enum(['queue', 'direct']).optional(),
    /** The batch's name, kept in its journal and shown in the batch list, the report and a bundle. */
    name: z.string().max(BATCH_NAME_MAX).optional(),
  })
  .strict();
export const BatchIdInput = z.object({ batchId: z.string().min(1).max(80) }).strict();
export const BatchItemInput = z.object({ batchId: z.string().min(1).max(80), itemId: z.string().min(1).max(120) }).strict();
export const CreateBatchInput = z.object({ planId: z.string().min(1).max(80), acknowledgeBlindSigning: z.boolean() }).strict();
