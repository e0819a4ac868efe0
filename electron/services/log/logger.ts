import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** Registers a value that must never be written (a key read or being saved), where the logger scrubs. */
  forget?(value: string): void;
}

/** The log file is rotated past this size: one previous file (`.1`) is kept, so at most twice this on disk. */
const LOG_MAX_BYTES = 5 * 1024 * 1024;

/**
 * JSON-lines log in the data folder. Callers pass facts, never secrets; as a second line of defence
 * every line is scrubbed of bearer tokens and of any value registered with `forget` before writing.
 * Past `maxBytes` the file is moved to `<file>.1` (replacing the one before) and a new one begun.
 *
 * Writing a log line never throws: a full disk, a folder gone or made read-only, a file that is not
 * one must not stop what was being logged (a refused connection, an error the crash guard caught).
 * A line that cannot be written goes to stderr instead (or nowhere, if stderr is gone too) and is
 * counted; the next line that can be written carries how many were lost (`linesNotWritten`).
 */
export class FileLogger implements Logger {
  private readonly scrub = new Set<string>();
  private size: number;
  private lost = 0;

  constructor(
    private readonly file: string,
    private readonly echo = false,
    private readonly maxBytes = LOG_MAX_BYTES,
  ) {
    try {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    } catch {
      // Said by the first line that cannot be written.
    }
    this.size = sizeOf(file);
  }

  /** How many lines could not be written to the file since this logger began. */
  get linesNotWritten(): number {
    return this.lost;
  }

  /** Registers a value that must never reach the log, e.g. a key being saved. */
  forget(value: string): void {
    if (value.length >= 4) this.scrub.add(value);
  }

  info(message: string, fields?: Record<string, unknown>): void {
    this.write('info', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.write('warn', message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.write('error', message, fields);
  }

  private write(level: string, message: string, fields?: Record<string, unknown>): void {
    let line: string;
    try {
      const lost = this.lost > 0 ? { linesNotWritten: this.lost } : {};
      line = JSON.stringify({ t: new Date().toISOString(), level, message, ...fields, ...lost });
    } catch {
      // A field that cannot be serialised (a cycle, a BigInt): the message alone.
      line = JSON.stringify({ t: new Date().toISOString(), level, message, fieldsNotWritten: true });
    }
    line = line.replace(/(bearer\s+)[^\s"\\]+/gi, '$1[redacted]');
    for (const secret of this.scrub) line = line.split(secret).join('[redacted]');
    try {
      this.append(line);
      this.lost = 0;
    } catch (err) {
      this.lost++;
      toStderr(`vaultdesk: a log line could not be written to ${this.file} (${(err as Error)?.message ?? String(err)}): ${line}`);
      return;
    }
    if (this.echo) toStderr(line);
  }

  private append(line: string): void {
    const bytes = Buffer.byteLength(line) + 1;
    // Another logger on the same file (the tests open several) may have written meanwhile.
    if (this.size + bytes > this.maxBytes) this.size = sizeOf(this.file);
    if (this.size > 0 && this.size + bytes > this.maxBytes) {
      try {
        renameSync(this.file, `${this.file}.1`);
      } catch {
        // Already rotated by another logger on the same file.
      }
      this.size = sizeOf(this.file);
    }
    appendFileSync(this.file, `${line}\n`, { mode: 0o600 });
    this.size += bytes;
  }
}

/**
 * A logger whose calls never throw, whatever logger it wraps: for the places that log while
 * handling a failure (the crash guard, refused connections), where a throwing log would turn one
 * refused request into a stopped process. A call that throws goes to stderr, or nowhere.
 */
export function neverThrowing(log: Logger): Logger {
  const guard =
    (level: 'info' | 'warn' | 'error') =>
    (message: string, fields?: Record<string, unknown>): void => {
      try {
        log[level](message, fields);
      } catch {
        toStderr(`vaultdesk: a log line could not be written: ${level} ${message}`);
      }
    };
  return { info: guard('info'), warn: guard('warn'), error: guard('error'), forget: log.forget?.bind(log) };
}

/** Writes a line to stderr; a closed or broken stderr is ignored. */
function toStderr(line: string): void {
  try {
    process.stderr.write(`${line}\n`);
  } catch {
    // Nowhere left to say it.
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
