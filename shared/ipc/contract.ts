import { z } from 'zod';
import {
  ApiKeyStatusSchema,
  AppInfoSchema,
  ServiceStateSchema,
  ConnectionTestSchema,
  LinkHostsSchema,
  EmptyInput,
  OpenExternalInput,
  NotifyInput,
  SetApiKeyInput,
  KeyFilePassphraseInput,
  TestConnectionInput,
  VaultListSchema,
  WalletBookViewSchema,
  AddWalletInput,
  UpdateWalletInput,
  RemoveWalletsInput,
  ImportCsvInput,
  ExportWalletsInput,
  ExportedFileSchema,
  GroupNameInput,
  RenameGroupInput,
  GroupIdInput,
  SetMembersInput,
  PortfolioInput,
  VaultIdInput,
  EpochHistorySchema,
  DeviceKindSchema,
  DiscoverInput,
  VerifyAddressInput,
  ImportLedgerInput,
  EmulatorSnapshotSchema,
  EmulatorCommandInput,
  AgreementsInput,
  AgreementsSchema,
  SetOfflineInput,
  PlanRequestInput,
  BatchIdInput,
  BatchItemInput,
  CreateBatchInput,
} from './schemas';
import { BatchSchema, BatchSummarySchema, PlanSchema, SigningEventSchema } from '../signing/schemas';
import { DeviceAccountSchema, DeviceStateSchema } from '../device/schemas';
import { BindLedgerInput, LedgerDeskViewSchema } from '../device/desk';
import { LedgerTokenListSchema } from '../device/token-list';
import { PortfolioSchema } from '../portfolio/schemas';
import { PositionRecordsInputSchema, PositionRecordsProgressSchema, PositionRecordsSchema, PositionsPushSchema } from '../positions/schemas';
import { TransactionsInputSchema, TransactionsViewSchema } from '../transactions/schemas';
import { AllowancesInputSchema, AllowancesViewSchema, PlanRevokeInputSchema } from '../allowances/schemas';
import { CsvImportReportSchema, GroupSchema, WalletSchema } from '../wallets/schemas';
import {
  BundleBatchInput,
  BundleFileSchema,
  BundleTextInput,
  BundleViewSchema,
  ExportUnsignedInput,
  PlannerPreviewSchema,
  AddPlannerInput,
  RemovePlannerInput,
  TrustedPlannerViewSchema,
  ImportedSignedSchema,
  ImportedUnsignedSchema,
  SendCheckSchema,
  ExportedBundleSchema,
  ExportedBundleRefInput,
} from '../bundles/ipc';
import {
  CampaignDetailSchema,
  CampaignIdInput,
  CampaignListSchema,
  CampaignPointsInput,
  CampaignPointsViewSchema,
  ExportPointsInput,
  ForceInput,
  OperatorDetailSchema,
  OperatorIdInput,
  OperatorListSchema,
  PerformanceOverviewSchema,
  VaultPerformanceViewSchema,
  VaultProfileInput,
  VaultProfileSchema,
} from '../insights/schemas';
import { ChainRpcInput, ChainRpcsSchema, MoveRpcInput, RpcAddedSchema, RpcTestSchema } from '../chains/schemas';
import { ForgetVaultInput, PinnedVaultSchema, PinVaultInput, RegistryImportInput, VaultPinReviewSchema, VaultReviewInput } from '../registry/schemas';
import { RegistryExportPreviewSchema, RegistryHeldSchema, SignedRegistryExportSchema } from '../registry/export-schemas';
import { OfflinePolicySchema, SetOfflinePolicyInput } from '../bundles/policy';
import { PlanSimulationSchema, SimulationRunInput } from '../simulation/schemas';
import { DemoClockSchema, SetDemoClockPausedInput } from '../demo/clock';

/** A method: the schema of its input and of its result value. */
const method = <I extends z.ZodType, R extends z.ZodType>(input: I, result: R) => ({ input, result });
/** A method that takes no input. */
const query = <R extends z.ZodType>(result: R) => method(EmptyInput, result);
/** A read of kept records, which the operator may ask to read again (`force`). */
const refreshable = <R extends z.ZodType>(result: R) => method(ForceInput, result);

/**
 * The IPC contract: every method the renderer may call, with the schema of its input and of its
 * result value, grouped by feature. The main process binds exactly these (with a sender check and a
 * schema parse of every payload), and the preload exposes exactly these as named methods.
 */
export const methods = {
  app: {
    info: query(AppInfoSchema),
    /** Records set aside by the service's latest reads, and the rate-limit pause (also pushed as `serviceState`). */
    serviceState: query(ServiceStateSchema),
  },
  settings: {
    apiKeyStatus: query(ApiKeyStatusSchema),
    setApiKey: method(SetApiKeyInput, ApiKeyStatusSchema),
    /** An offline-review install opens no network connection at all. */
    setOffline: method(SetOfflineInput, AppInfoSchema),
    removeApiKey: query(ApiKeyStatusSchema),
    /** Without a keychain: opens the encrypted key file with its passphrase (makes it when there is none). */
    unlockKeyFile: method(KeyFilePassphraseInput, ApiKeyStatusSchema),
    /** Forgets the key file's passphrase for this run: the service is read without its key until it is entered again. */
    lockKeyFile: query(ApiKeyStatusSchema),
    /** Deletes the key file and the key in it (a forgotten passphrase leaves no other way). */
    removeKeyFile: query(ApiKeyStatusSchema),
    /** Forgets the service address (and any key saved for it): the console runs on the demo again. */
    forgetService: query(ApiKeyStatusSchema),
    testConnection: method(TestConnectionInput, ConnectionTestSchema),
    /** The hosts external links may open: the built-in explorers and those the service's records named. */
    linkHosts: query(LinkHostsSchema),
    /** Settings → Chains: the operator's RPCs per chain, in order, and the service's suggestions. */
    chainRpcs: query(ChainRpcsSchema),
    /** Tests an RPC address for a chain (its chain id, its latest block's age) without saving it. */
    testRpc: method(ChainRpcInput, RpcTestSchema),
    /** Tests an address and, if it serves the chain, adds it last in the chain's order. */
    addRpc: method(ChainRpcInput, RpcAddedSchema),
    removeRpc: method(ChainRpcInput, ChainRpcsSchema),
    /** Moves an address one place earlier or later in the order it is tried. */
    moveRpc: method(MoveRpcInput, ChainRpcsSchema),
    /** Ledger's signed token list installed with the console: version, date, and whether it lists the pinned vaults' tokens. */
    ledgerTokens: query(LedgerTokenListSchema),
  },
  vaults: {
    list: query(VaultListSchema),
    /** The vault's epochs, oldest first, from the service's records. */
    epochs: method(VaultIdInput, EpochHistorySchema),
    /** Operators, category and type, campaigns and the integrations object of a public vault. */
    profile: method(VaultProfileInput, VaultProfileSchema),
  },
  portfolio: {
    /** Everything the console shows for a group (or every wallet, with null), in one refresh. */
    load: method(PortfolioInput, PortfolioSchema),
    /** Which lender agreements each wallet of the batch has signed, per vault (checked with bounded concurrency, cached). */
    agreements: method(AgreementsInput, AgreementsSchema),
  },
  positions: {
    /** The service's position record (deposits, earnings, APY, pool share…) of each pair of the batch with something in it; bounded concurrency, cached. */
    records: method(PositionRecordsInputSchema, PositionRecordsSchema),
  },
  transactions: {
    /** The batch's transaction history from the service, joined with vaults, tokens and explorer links; cached. */
    list: method(TransactionsInputSchema, TransactionsViewSchema),
  },
  allowances: {
    /** Per wallet of the batch, token and pinned spender, the allowance read from the chain now (one multicall round per chain). */
    list: method(AllowancesInputSchema, AllowancesViewSchema),
    /** approve(spender, 0) for the allowances picked: a plan to review, like every other (see signing.plan). */
    planRevoke: method(PlanRevokeInputSchema, PlanSchema),
  },
  wallets: {
    list: query(WalletBookViewSchema),
    add: method(AddWalletInput, WalletSchema),
    update: method(UpdateWalletInput, WalletSchema),
    remove: method(RemoveWalletsInput, z.object({ removed: z.number() })),
    importCsv: method(ImportCsvInput, CsvImportReportSchema),
    export: method(ExportWalletsInput, ExportedFileSchema),
    createGroup: method(GroupNameInput, GroupSchema),
    renameGroup: method(RenameGroupInput, GroupSchema),
    deleteGroup: method(GroupIdInput, z.object({ deleted: z.literal(true) })),
    setGroupMembers: method(SetMembersInput, z.object({ changed: z.number() })),
  },
  device: {
    state: query(z.object({ kind: DeviceKindSchema, state: DeviceStateSchema })),
    refresh: query(DeviceStateSchema),
    openEthereumApp: query(DeviceStateSchema),
    /** The window was hidden or shown: hidden, the device watch pauses and the Ledger is left to other applications. */
    setVisible: method(z.object({ visible: z.boolean() }), z.object({ watching: z.boolean() })),
    discoverAccounts: method(DiscoverInput, z.array(DeviceAccountSchema)),
    /** Shows the address on the device for the user to compare; answers once they confirm. */
    verifyAddress: method(VerifyAddressInput, z.object({ address: z.string(), matches: z.boolean() })),
    importAccounts: method(ImportLedgerInput, z.object({ added: z.number(), updated: z.number() })),
    /** The Ledgers on the desk and which wallet group each signs for. */
    desk: query(LedgerDeskViewSchema),
    /** Binds a wallet group to a connected Ledger (or unbinds it): its batches wait for that device. */
    bind: method(BindLedgerInput, LedgerDeskViewSchema),
  },
  emulator: {
    /** The demo's emulated Ledger; an error outside demo mode. */
    snapshot: query(EmulatorSnapshotSchema),
    command: method(EmulatorCommandInput, EmulatorSnapshotSchema),
  },
  signing: {
    /** Preflight and drafts for one vault and one action; nothing is signed yet. */
    plan: method(PlanRequestInput, PlanSchema),
    /** Journals the plan as a batch (the operator has reviewed it, and acknowledged blind signing when asked). */
    createBatch: method(CreateBatchInput, BatchSchema),
    listBatches: query(z.array(BatchSummarySchema)),
    openBatch: method(BatchIdInput, BatchSchema),
    /** Starts (or resumes) signing; progress arrives as signing events. */
    run: method(BatchIdInput, z.object({ started: z.literal(true) })),
    pause: method(BatchIdInput, z.object({ paused: z.literal(true) })),
    retry: method(BatchItemInput, z.object({ started: z.literal(true) })),
    skip: method(BatchItemInput, BatchSchema),
    /** Signs an item's nonce again, with higher fees (only when the operator asks). */
    resign: method(BatchItemInput, BatchSchema),
    /** A fresh plan for a batch's held items (and those not sent yet), to review; once started, the old items are closed. */
    replan: method(BatchIdInput, PlanSchema),
    report: method(BatchIdInput, ExportedFileSchema),
  },
  simulation: {
    /** What a kept plan will change, run on a local fork of each chain (refused offline: there is no chain). */
    run: method(SimulationRunInput, PlanSimulationSchema),
  },
  registry: {
    /** Every vault pinned in this mode's registry (the demo keeps its own). */
    list: query(z.array(PinnedVaultSchema)),
    /** A vault's pinned set beside what the service names now, and each relation read on chain. */
    review: method(VaultReviewInput, VaultPinReviewSchema),
    /** Pins the set the operator reviewed, once its checks pass again; refused if the service now names another. */
    pin: method(PinVaultInput, PinnedVaultSchema),
    /** The operator's explicit act of taking a vault out of the registry (a retired or replaced vault): returns the entry removed. */
    forget: method(ForgetVaultInput, PinnedVaultSchema),
    /** What the planner's Ledger will be asked to sign for the registry file (registry hash, the two EIP-712 hashes the device shows): shown before it asks. */
    prepareExport: query(RegistryExportPreviewSchema),
    /** The registry as a file signed by the planner's Ledger (the prepared draft), with the fingerprint of its bytes. */
    export: query(SignedRegistryExportSchema),
    /** Offline install: replaces its registry with the signed file the online install exported, once its planner is trusted here; its fingerprint to compare. */
    import: method(RegistryImportInput, SignedRegistryExportSchema),
    /** The registry this install holds, and (offline) the signed file it was imported from. */
    held: query(RegistryHeldSchema),
  },
  campaigns: {
    list: refreshable(CampaignListSchema),
    /** Rules, dates and the public vaults a campaign concerns. */
    get: method(CampaignIdInput, CampaignDetailSchema),
    /** The points of every wallet of a group (read per wallet with bounded concurrency, cached), with the group's totals. */
    points: method(CampaignPointsInput, CampaignPointsViewSchema),
    /** The same as a CSV file: one line per wallet and a totals line. */
    exportPoints: method(ExportPointsInput, ExportedFileSchema),
  },
  operators: {
    list: refreshable(OperatorListSchema),
    /** Description, links and the public vaults it manages, borrows from or curates. */
    get: method(OperatorIdInput, OperatorDetailSchema),
  },
  performance: {
    /** The latest performance record of every public vault, for comparison. */
    overview: refreshable(PerformanceOverviewSchema),
    /** One vault's performance records over time and its underlying's price history. */
    vault: method(VaultProfileInput, VaultPerformanceViewSchema),
  },
  bundles: {
    /**
     * Online: the unsigned bundle of a plan, drafted, and what its planner's Ledger will be asked to
     * sign (plan hash, the two EIP-712 hashes the device shows): shown before the device asks.
     */
    prepareExport: method(ExportUnsignedInput, PlannerPreviewSchema),
    /** Online: a plan (not started as a batch here) as an unsigned bundle to carry to an offline install; the planner's Ledger signs the prepared draft. */
    exportUnsigned: method(ExportUnsignedInput, BundleFileSchema),
    /** Offline: checks an unsigned bundle and makes it a plan to review (signing.createBatch signs it, sending nothing). */
    importUnsigned: method(BundleTextInput, ImportedUnsignedSchema),
    /** Offline: the signed bundle of a batch imported from an unsigned bundle, once each item is signed or skipped. */
    exportSigned: method(BundleBatchInput, BundleFileSchema),
    /** Online: checks a signed bundle and journals it as a batch to send (signing.run sends it). */
    importSigned: method(BundleTextInput, ImportedSignedSchema),
    /** Either side: checks a bundle file without importing it; what it holds and its snapshot. */
    inspect: method(BundleTextInput, BundleViewSchema),
    /** The bundle a batch was imported from, and the snapshot it was planned from. */
    snapshot: method(BundleBatchInput, BundleViewSchema),
    /** Online: what the chain says now about each signed transaction of a bundle's batch still to send. */
    sendChecks: method(BundleBatchInput, z.array(SendCheckSchema)),
    /** The offline install's policy (limits every unsigned bundle must keep to). */
    policy: query(OfflinePolicySchema),
    /** Offline install: saves the policy edited in Settings. */
    setPolicy: method(SetOfflinePolicyInput, OfflinePolicySchema),
    /** The planners whose signed unsigned bundles the offline install reviews. */
    planners: query(z.array(TrustedPlannerViewSchema)),
    /** Offline install: trusts a planner once its Ledger, plugged in here, showed the same address. */
    addPlanner: method(AddPlannerInput, z.array(TrustedPlannerViewSchema)),
    /** Offline install: no longer trusts a planner. */
    removePlanner: method(RemovePlannerInput, z.array(TrustedPlannerViewSchema)),
    /** Online: the unsigned bundles exported from here, newest first: awaited back, returned, broadcast or abandoned. */
    exported: query(z.array(ExportedBundleSchema)),
    /** Online: the operator no longer awaits an exported bundle; it stays listed as abandoned. */
    abandonExported: method(ExportedBundleRefInput, z.array(ExportedBundleSchema)),
    /** Online: the operator awaits an abandoned bundle again (so its signed bundle can be imported); it is listed as awaiting. */
    resumeExported: method(ExportedBundleRefInput, z.array(ExportedBundleSchema)),
  },
  demo: {
    /** The demo clock: paused or running, when its vaults next change phase (demo mode only). */
    clock: query(DemoClockSchema),
    /** Pauses the demo clock (its vaults stay in their phase) or lets it run again. */
    setClockPaused: method(SetDemoClockPausedInput, DemoClockSchema),
    /** Moves every demo vault one phase on now (start, instant funding or stop), paused or not. */
    stepClock: query(DemoClockSchema),
  },
  system: {
    openExternal: method(OpenExternalInput, z.object({ opened: z.boolean() })),
    /** Shows an alert as an OS notification where the shell has them (the desktop app); `shown` false elsewhere. */
    notify: method(NotifyInput, z.object({ shown: z.boolean() })),
  },
} as const satisfies Record<string, Record<string, { input: z.ZodType; result: z.ZodType }>>;

/** Events the main side pushes to the renderer. */
export const events = {
  /** The console switched between demo and live (after a key was saved or removed). */
  modeChanged: AppInfoSchema,
  /** The Ledger's state changed (plugged, unlocked, app opened, review shown, …). */
  deviceState: z.object({ kind: DeviceKindSchema, state: DeviceStateSchema }),
  /** The demo's emulated Ledger changed (a review appeared, a button was pressed). */
  emulatorChanged: EmulatorSnapshotSchema,
  /** A signing item or batch changed state. */
  signing: SigningEventSchema,
  /** The service's reads set aside other records, or a rate-limit pause started or ended. */
  serviceState: ServiceStateSchema,
  /** A load of the position records came one vault further: its rows, and how many vaults are done. */
  positionRecordsProgress: PositionRecordsProgressSchema,
  /** After each `portfolio.load`: that batch's position records vault by vault, then them with its agreements. */
  positions: PositionsPushSchema,
  /** The demo clock stepped, paused or resumed. */
  demoClock: DemoClockSchema,
} as const satisfies Record<string, z.ZodType>;

export type Methods = typeof methods;
export type Namespace = keyof Methods;
type MethodName<N extends Namespace = Namespace> = N extends Namespace ? `${N}.${keyof Methods[N] & string}` : never;
export type EventName = keyof typeof events;

type Def<N extends Namespace, M extends keyof Methods[N]> = Methods[N][M] extends { input: infer I; result: infer R }
  ? { input: I; result: R }
  : never;

export type MethodInput<N extends Namespace, M extends keyof Methods[N]> = z.input<
  Def<N, M>['input'] & z.ZodType
>;
export type MethodResult<N extends Namespace, M extends keyof Methods[N]> = z.output<
  Def<N, M>['result'] & z.ZodType
>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

/** Every method as `namespace.method`, the IPC channel suffix. */
export function listMethodNames(): MethodName[] {
  const names: string[] = [];
  for (const [ns, group] of Object.entries(methods)) {
    for (const m of Object.keys(group)) names.push(`${ns}.${m}`);
  }
  return names as MethodName[];
}

export function lookupMethod(name: string): { input: z.ZodType; result: z.ZodType } | undefined {
  const [ns, m, ...rest] = name.split('.');
  if (!ns || !m || rest.length > 0 || !Object.hasOwn(methods, ns)) return undefined;
  const group = methods[ns as Namespace] as Record<string, { input: z.ZodType; result: z.ZodType }>;
  return Object.hasOwn(group, m) ? group[m] : undefined;
}

const CHANNEL_PREFIX = 'vaultdesk:';
const EVENT_PREFIX = 'vaultdesk-event:';
export const channelOf = (method: MethodName | string): string => `${CHANNEL_PREFIX}${method}`;
export const eventChannelOf = (event: EventName | string): string => `${EVENT_PREFIX}${event}`;
