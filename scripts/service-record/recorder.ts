import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  answerKey,
  canonicalQuery,
  RECORDING_INDEX,
  RECORDING_RESPONSES,
  type RecordedAnswer,
  type RecordingIndex,
} from '../../electron/demo/service/replay';
import { normaliseBaseUrl } from '../../electron/services/service-client';
import { bodyWithoutKey, holdsKey } from '../../electron/services/service-client/key-redaction';

/**
 * The service's answers as the console's own client received them: a `fetch` that passes every
 * request on and keeps what came back, keyed as the replay looks it up. Only the answers are kept:
 * the request's headers (the key among them) never are.
 */

interface Kept {
  method: string;
  path: string;
  query: string;
  status: number;
  contentType: string;
  body: string;
}

/** A 429 or 5xx says nothing about the data: a later good answer to the same request replaces it, never the reverse. */
const transient = (status: number) => status === 429 || status >= 500;

export class ServiceRecorder {
  private readonly kept = new Map<string, Kept>();
  /** The base URL's own path (a service behind `/api`), left out of the recorded paths. */
  private readonly prefix: string;

  constructor(readonly serviceUrl: string) {
    this.prefix = new URL(normaliseBaseUrl(serviceUrl)).pathname.replace(/\/+$/, '');
  }

  get size(): number {
    return this.kept.size;
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await globalThis.fetch(request);
    const body = await response.text();
    const url = new URL(request.url);
    const pathname = url.pathname.startsWith(this.prefix) ? url.pathname.slice(this.prefix.length) || '/' : url.pathname;
    const answer: Kept = {
      method: request.method,
      path: pathname,
      query: canonicalQuery(url.searchParams),
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/json',
      body,
    };
    const key = answerKey(answer.method, answer.path, answer.query);
    const before = this.kept.get(key);
    if (!before || !transient(answer.status) || transient(before.status)) this.kept.set(key, answer);
    const nullBody = response.status === 204 || response.status === 304;
    return new Response(nullBody ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  /**
   * Writes the recording into `dir` (the index and one file per answer). The key is no part of
   * what was kept; should the service echo it back in an answer, it is blanked, and the folder is
   * checked afterwards to hold it nowhere.
   */
  async write(dir: string, apiKey: string): Promise<{ answers: number; files: string[]; keyEchoed: number }> {
    await fs.mkdir(path.join(dir, RECORDING_RESPONSES), { recursive: true });
    const answers: RecordedAnswer[] = [];
    const files: string[] = [];
    let n = 0;
    let keyEchoed = 0;
    for (const kept of this.kept.values()) {
      if (holdsKey(kept.body, apiKey)) keyEchoed++;
      n++;
      const slug = kept.path
        .replace(/^\/v1\//, '')
        .replace(/[^a-zA-Z0-9]+/g, '-')
        .slice(0, 60);
      const file = path.join(RECORDING_RESPONSES, `${String(n).padStart(4, '0')}-${slug}.json`);
      await fs.writeFile(path.join(dir, file), blank(kept.body, apiKey));
      files.push(path.join(dir, file));
      const { body: _body, ...answer } = kept;
      answers.push({ ...answer, file });
    }
    const index: RecordingIndex = { version: 1, service: this.serviceUrl, recordedAt: new Date().toISOString(), answers };
    await fs.writeFile(path.join(dir, RECORDING_INDEX), blank(`${JSON.stringify(index, null, 2)}\n`, apiKey));
    files.push(path.join(dir, RECORDING_INDEX));
    // Checked as a reader would decode it: raw, escaped, and in every JSON string.
    for (const file of files) {
      if (holdsKey(await fs.readFile(file, 'utf8'), apiKey)) throw new Error(`the key would be on disk in ${file}`);
    }
    return { answers: answers.length, files, keyEchoed };
  }
}

const blank = (text: string, apiKey: string) => (apiKey ? bodyWithoutKey(text, apiKey, '[api key]') : text);

/** The folder to write to: new, empty, or an earlier recording (replaced). Anything else is refused. */
export async function prepareOut(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (names.length === 0) return;
  if (!names.includes(RECORDING_INDEX) || names.some((n) => n !== RECORDING_INDEX && n !== RECORDING_RESPONSES)) {
    throw new Error(`${dir} already holds other files: give a new or empty folder (or an earlier recording, which is replaced)`);
  }
  await fs.rm(path.join(dir, RECORDING_RESPONSES), { recursive: true, force: true });
  await fs.rm(path.join(dir, RECORDING_INDEX), { force: true });
}
