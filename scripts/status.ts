/**
 * The portfolio without the UI, for scripts, monitoring and support:
 *
 *   npm run status -- [--service URL] [--rpc CHAINID=URL]… [--wallet ADDRESS]… [--group NAME] [--data-dir DIR] [--json]
 *
 * Reads what the console reads on a refresh, with the same services: the catalog, the latest vault
 * blocks and their open requests from the service (the key from the keychain entry Settings saved
 * for that address, or VAULTDESK_API_KEY), and every wallet × vault from the chains (the operator's
 * --rpc, else the RPC the service's chain record lists: status only shows, so it may read through
 * the service's RPC, which the console and the batch runner never use to plan). Without --service, the address saved in the data
 * folder's settings; without --wallet, the wallet book's wallets (of --group when given).
 *
 * Prints the vaults with their cycle and countdown, each wallet's pending requests and claims, the
 * sources that failed and the records set aside. With --json the last stdout line is one object:
 * {vaults, requests, rejected, sources: [{id, ok, message}], …}. Exit code 0 when a portfolio could
 * be built (even degraded), 1 when nothing could be read, 2 for a usage mistake: each with one line
 * on stderr, never a stack trace.
 */
import { runStatus } from './status/run';

process.exitCode = await runStatus(process.argv.slice(2));
