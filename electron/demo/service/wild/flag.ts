import { REALISMS, type Realism } from './index';

/** `--realism strict|wild` of the command lines; anything else exits 2 with one line. */
export function parseRealism(raw: string): Realism {
  if ((REALISMS as readonly string[]).includes(raw)) return raw as Realism;
  process.stderr.write(`--realism must be ${REALISMS.join(' or ')}, got '${raw}'\n`);
  process.exit(2);
}

/** `--wild-fault-rate P`: a share between 0 and 1, or undefined when not given. */
export function parseWildFaultRate(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) {
    process.stderr.write(`--wild-fault-rate must be a number between 0 and 1, got '${raw}'\n`);
    process.exit(2);
  }
  return value;
}
