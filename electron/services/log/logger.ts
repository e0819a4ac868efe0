import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * JSON-lines log in the data folder. Callers pass facts, never secrets; as a second line of defence
 * every line is scrubbed of bearer tokens and of any value registered with `forget` before writing.
 */
export class FileLogger implements Logger {
  private readonly scrub = new Set<string>();

  constructor(private readonly file: string, private readonly echo = false) {
    mkdirSync(path.dirname(file), { recursive: true });
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
    appendFileSync(this.file, `${line}\n`, { mode: 0o600 });
    if (this.echo) process.stderr.write(`${line}\n`);
  }
}
