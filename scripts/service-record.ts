/**
 * Records what the service answers to the console's reads for the wallet book, to serve it again
 * with `npm run sim:service -- --replay DIR`:
 *
 *   npm run service:record -- --service URL --out DIR [--wallet ADDRESS]… [--group NAME] [--data-dir DIR] [--rpc CHAINID=URL]…
 *
 * The reads are the console's own (a portfolio refresh, the Vaults screen and each vault's page,
 * position records, lender agreements, transactions, campaigns and points), made with the key from
 * the keychain entry Settings saved for the address (or VAULTDESK_API_KEY). The key is never
 * written: the recording holds the answers and the address only, and the folder is checked for it
 * before the command ends. The last stdout line is `{out, answers, vaults, wallets, failedReads}`.
 * Exit code 1 when the refresh itself could not be read, 2 for a usage mistake.
 */
import { runRecord } from './service-record/run';

process.exitCode = await runRecord(process.argv.slice(2));
