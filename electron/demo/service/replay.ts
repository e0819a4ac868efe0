import { randomBytes, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

/**
 * A recorded service served again: the answers a real service gave to the console's reads
 * (`npm run service:record`), each served for the same request, so that what the console showed
 * against that service can be shown again, tested and compared without it. A request that was not
 * recorded is answered 404 `NOT_RECORDED` (saying which), never guessed.
 *
 * A recording is a folder: `recording.json` (the index) and one file per answer under
 * `responses/`. It holds what the service answered and the address it was recorded from, never
 * the key it was asked with.
 */

export const RECORDING_INDEX = 'recording.json';
export const RECORDING_RESPONSES = 'responses';

export interface RecordedAnswer {
  method: string;
  /** The path as asked, e.g. `/v1/vaults`. */
  path: string;
  /** The query in canonical order (see `canonicalQuery`), without the leading `?`. */
  query: string;
  status: number;
  contentType: string;
  /** The answer's file, relative to the recording's folder. */
  file: string;
}

export interface RecordingIndex {
  version: 1;
  /** The service's address as recorded from (no key). */
  service: string;
  recordedAt: string;
  answers: RecordedAnswer[];
}

/** The query's parameters sorted by name then value, so the same request gives the same key whatever order it was written in. */
export function canonicalQuery(search: string | URLSearchParams): string {
  const params = new URLSearchParams(search);
  const pairs = [...params.entries()].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return new URLSearchParams(pairs).toString();
}

export const answerKey = (method: string, pathname: string, query: string) =>
  `${method.toUpperCase()} ${pathname}${query ? `?${query}` : ''}`;

interface LoadedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** Reads a recording's index and every answer it lists; a missing or broken file is a clear error. */
async function loadRecording(dir: string): Promise<{ index: RecordingIndex; answers: Map<string, LoadedAnswer> }> {
  const indexFile = path.join(dir, RECORDING_INDEX);
  let index: RecordingIndex;
  try {
    index = JSON.parse(await fs.readFile(indexFile, 'utf8')) as RecordingIndex;
  } catch (err) {
    throw new Error(`${indexFile} could not be read (${(err as Error).message}): give the folder that npm run service:record wrote`, {
      cause: err,
    });
  }
  if (index.version !== 1 || !Array.isArray(index.answers))
    throw new Error(`${indexFile} is not a recording this replay knows (version ${String(index.version)})`);
  const answers = new Map<string, LoadedAnswer>();
  for (const a of index.answers) {
    const file = path.resolve(dir, a.file);
    if (!file.startsWith(path.resolve(dir) + path.sep)) throw new Error(`${indexFile} names a file outside the recording: ${a.file}`);
    answers.set(answerKey(a.method, a.path, a.query), { status: a.status, contentType: a.contentType, body: await fs.readFile(file) });
  }
  return { index, answers };
}

interface ReplayOptions {
  dir: string;
  /** The bearer key to accept; a random one when missing. */
  apiKey?: string;
  port?: number;
  host?: string;
}

interface ReplayService {
  url: string;
  apiKey: string;
  /** The address the recording was made from, and how many answers it holds. */
  recordedFrom: string;
  answers: number;
  close(): Promise<void>;
}

function keyMatches(header: string | undefined, apiKey: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const a = Buffer.from(match[1]!.trim());
  const b = Buffer.from(apiKey);
  return a.length === b.length && timingSafeEqual(a, b);
}

function answerJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Serves a recording on 127.0.0.1 (or `host`), behind a bearer key like the service. */
async function startReplayService(options: ReplayOptions): Promise<ReplayService> {
  const { index, answers } = await loadRecording(options.dir);
  const apiKey = options.apiKey ?? `replay_${randomBytes(18).toString('hex')}`;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay');
    if (url.pathname.startsWith('/v1') && !keyMatches(req.headers.authorization, apiKey)) {
      answerJson(res, 401, { code: 'NOT_AUTHENTICATED', message: 'The API key is not valid', statusCode: 401 });
      return;
    }
    const key = answerKey(req.method ?? 'GET', url.pathname, canonicalQuery(url.searchParams));
    const answer = answers.get(key);
    if (!answer) {
      answerJson(res, 404, { code: 'NOT_RECORDED', message: `${key} is not in the recording`, statusCode: 404 });
      return;
    }
    res.writeHead(answer.status, { 'content-type': answer.contentType });
    res.end(answer.body);
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    apiKey,
    recordedFrom: index.service,
    answers: answers.size,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/**
 * `sim:service --replay DIR`: serves the recording until SIGINT/SIGTERM. The first stdout line is
 * `{"url", "apiKey", "replay", "recordedFrom", "answers"}`; a folder that is not a recording ends
 * the run with one line and exit code 2. Never returns.
 */
export async function serveRecordingFromCli(dir: string, options: Omit<ReplayOptions, 'dir'>): Promise<never> {
  let replay: ReplayService;
  try {
    replay = await startReplayService({ dir, ...options });
  } catch (err) {
    process.stderr.write(`--replay: ${(err as Error).message}\n`);
    process.exit(2);
  }
  process.stdout.write(
    `${JSON.stringify({ url: replay.url, apiKey: replay.apiKey, replay: path.resolve(dir), recordedFrom: replay.recordedFrom, answers: replay.answers })}\n`,
  );
  const shutdown = () =>
    replay.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  return new Promise<never>(() => undefined);
}
