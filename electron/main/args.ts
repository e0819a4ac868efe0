/**
 * The console's own command-line flags, as Electron passes them (after its own): `--offline` for an
 * offline-review run, `--service URL` (or `--service=URL`) for another service address this run,
 * `--data-dir DIR` (or `--data-dir=DIR`) for another data folder.
 * Anything else is Electron's or Chromium's and is left alone.
 */
interface ConsoleArgs {
  service?: string;
  dataDir?: string;
  offline: boolean;
}

export function parseConsoleArgs(argv: readonly string[]): ConsoleArgs {
  const out: ConsoleArgs = { offline: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--offline') out.offline = true;
    else if (argv[i] === '--service' && argv[i + 1]) out.service = argv[++i];
    else if (argv[i]?.startsWith('--service=')) out.service = argv[i]!.slice('--service='.length);
    else if (argv[i] === '--data-dir' && argv[i + 1]) out.dataDir = argv[++i];
    else if (argv[i]?.startsWith('--data-dir=')) out.dataDir = argv[i]!.slice('--data-dir='.length);
  }
  return out;
}
