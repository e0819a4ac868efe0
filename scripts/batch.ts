/**
 * Headless batch runner: plans, journals, signs and sends a batch with the same services as the
 * console, without the UI.
 *
 *   npm run batch -- --sim --wallets 20 --action claim --auto-approve
 *   npm run batch -- --service https://… --rpc 1=https://… --wallets 5 --action agreements
 *   (against a service, a chain is read only through its --rpc: a vault on a chain without one is
 *   refused, naming the flag; the RPCs the service lists are never used)
 *
 * --sim starts the seeded local simulation (two anvil chains and the simulated service) with an
 * emulated Ledger holding the simulation's seed. --service uses a real service (the key from the
 * keychain, or VAULTDESK_API_KEY for scripted runs) and the Ledger on USB (or --emulated-device).
 * --with-agreements signs the vault's missing lender agreements first (deposits need them).
 * --crash-after N exits abruptly after N items are signed; --resume reopens the latest unfinished
 * batch of the data folder and finishes it against the same chains: with --service, the ones given;
 * with --sim, the simulation the interrupted run started, which runs in a process of its own (its
 * address in the data folder's simulation.json) until its batch is done. Journals are sealed with the
 * data folder's journal key from the OS keychain (the console's): a journal changed on disk, or one
 * without a seal, is refused on --resume naming what changed, and without a keychain nothing is
 * journaled or signed (exit code 2 either way).
 *
 * Offline review, in three runs (each its own process, on its own machine if need be):
 *   npm run batch -- --sim --auto-approve --wallets 6 --action withdraw --trust-new-vaults --data-dir on/ --export-unsigned out/ --export-registry out/
 *   npm run batch -- --offline --sim --auto-approve --data-dir off/ --registry out/vaultdesk-registry-….json --sign out/vaultdesk-unsigned-….json --out out/
 *   npm run batch -- --sim --data-dir on/ --broadcast out/vaultdesk-signed-….json   (check, send, watch)
 * The offline run signs only for vaults in its data folder's registry: --registry FILE imports and
 * pins the file the online run exported, signed by its planner's Ledger (--export-registry prints
 * what the Ledger will sign before it asks), once its signature recovers to a planner trusted here
 * (compare the fingerprints both print); an unsigned or untrusted file is refused; without it, a
 * bundle on a vault not pinned there is refused. Its policy is offline-policy.json in its data
 * folder (a bundle older than its age, 7 days unless set, is refused). A registry, policy or
 * trusted-planners file that cannot be read ends the run naming the file, never read as a default.
 * Every unsigned bundle is signed by its planner: the export prints the plan hash and the two
 * EIP-712 hashes (domain, message) the Ledger will show, then asks the planner's own account
 * (44'/60'/0'/1/0, never a wallet) to sign the plan hash as typed data in the Vaultdesk domain; the
 * offline run reviews only bundles from the planners in its data folder's trusted-planners.json:
 * --trust-planner ADDRESS (repeatable) adds one for a scripted desk (compare it with the address the
 * planner's Ledger shows at 44'/60'/0'/1/0). A public development key (anvil's and Hardhat's test
 * mnemonic) is never trusted, from the flag or the file, except by a demo run: with --sim the
 * simulation's planner (and a public key given with --trust-planner) is trusted in memory for that
 * run only, never written, so a later run on the same folder without --sim refuses it. The offline review prints every agreement's whole text before the device signs
 * it, and refuses one that resembles a Vaultdesk message. The
 * broadcast accepts only a signed bundle answering a plan exported from its data folder, unless
 * --accept-foreign-plan says otherwise.
 * --offline opens no network connection at all (every attempt is refused and fails the run); with
 * --sim or --emulated-device it signs on the emulated Ledger holding the simulation's seed. With
 * --sim, --broadcast starts the simulation the bundle was planned on (its seed and wallet count),
 * so the same contracts, nonces and chain ids are there. A file that is refused ends the run with
 * exit code 2, its reason on stderr and as the last stdout line.
 *
 * Money goes only to the contracts pinned in the data folder's vault registry: with --service, a
 * vault seen for the first time is pinned (after its on-chain checks) only with --trust-new-vaults,
 * otherwise the plan is refused; a vault whose checks fail or whose pinned set the service now names
 * differently is refused whatever the flags. --export-registry FILE writes the registry signed by
 * the planner's Ledger, with its fingerprint (alone, without --action, it only exports: the device
 * signs, nothing else is opened; last line {vaults, fingerprint, file, planner}).
 *
 * A vault the service announces for the first time is refused, whatever the flags, when it is taken
 * for one already in the registry: a name that reads the same, one of its contracts, or its
 * underlying on the same chain as a frozen entry (both sets printed side by side). A pinned vault the
 * service no longer lists is frozen and printed on every run. --forget-vault ID (alone, with
 * --data-dir) takes a vault out of the registry, the operator's explicit act once its operator
 * confirms it was retired. --vault takes a vault's exact name (case aside) or id; a part of a name,
 * or a name two vaults share, is refused with the vaults the service lists. --vault repeated plans
 * across those vaults (one review, one batch, --amount in each vault's own token); with
 * --export-unsigned the plan leaves as one bundle, one snapshot per vault, as the console exports it.
 *
 * --dry-run plans and simulates the plan on a local fork of each chain (the simulation's own chain
 * with --sim), signs nothing, and prints as its last line
 * {"items":[{wallet, call, simulation:{ok, revert, gasUsed, deltas:[{wallet, token, symbol, amount}]}}],"signed":0}.
 *
 * Progress goes to stdout line by line; the last line is one JSON object
 * {planned, signed, broadcast, confirmed, failed, skipped, held} (plus the bundle's file and checksum
 * when one is written), or {"refused": {code, message, action}}.
 */
import { args, fail, refuse } from './batch/cli';
import { broadcast, exportRegistryOnly, exportUnsigned, runHere, signOffline } from './batch/modes';
import { dryRun } from './batch/dry-run';
import { forgetVaultOnly } from './batch/vaults';

async function main(): Promise<void> {
  if (args.offline || args.sign) {
    if (!args.offline || !args.sign || !args.out) fail('signing a bundle is the offline step: --offline --sign FILE --out SIGNED');
    if (args.service || args.broadcast || args['export-unsigned']) fail('--offline takes no service, chain or other step');
    return signOffline(args.sign, args.out);
  }
  if (args['forget-vault']) return forgetVaultOnly(args['forget-vault']);
  if (args['export-registry'] && !args.action && !args.resume && !args.broadcast && !args['export-unsigned']) return exportRegistryOnly();
  if (!args.sim && !args.service) fail('choose --sim or --service URL');
  if (args.broadcast) return broadcast(args.broadcast);
  if (args['dry-run']) return dryRun();
  if (args['export-unsigned']) return exportUnsigned(args['export-unsigned']);
  return runHere();
}

main().catch((err: unknown) => refuse(err as { code?: string; message?: string; action?: string }));
