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
export const LOG_MAX_BYTES = 5 * 1024 * 1024;

/**
 * JSON-lines log in the data folder. Callers pass facts, never secrets; as a second line of defence
 * every line is scrubbed of bearer tokens and of any value registered with `forget` before writing.
 * Past `maxBytes` the file is moved to `<file>.1` (replacing the one before) and a new one begun.
 */
export class FileLogger implements Logger {
  private readonly scrub = new Set<string>();
  private size: number;

  constructor(
    private readonly file: string,
    private readonly echo = false,
    private readonly maxBytes = LOG_MAX_BYTES,
  ) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.size = sizeOf(file);
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
    let line = JSON.stringify({ t: new Date().toISOString(), level, message, ...fields });
    line = line.replace(/(bearer\s+)[^\s"\\]+/gi, '$1[redacted]');
    for (const secret of this.scrub) line = line.split(secret).join('[redacted]');
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
    if (this.echo) process.stderr.write(`${line}\n`);
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
