import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { getRequestListener } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { contentSecurityPolicy } from '../runtime/content-security-policy';
import { dispatchForTransport } from '../runtime/dispatch';
import type { ConsoleRuntime } from '../runtime';
import { neverThrowing, type Logger } from '../services/log/logger';
import { bridgeFrameCeiling, MAX_BRIDGE_CONNECTIONS } from './frame-ceiling';
import { RefusalLog } from './refusal-log';

interface BrowserShellOptions {
  runtime: ConsoleRuntime;
  /** The renderer built for the browser shell (WebSocket bridge). */
  rendererDir: string;
  port?: number;
  log: Logger;
  /** Fixed token for tests; by default a fresh random one per launch. */
  token?: string;
  /** Sees every frame sent to the browser; tests use it to prove no secret is ever sent. */
  onFrameSent?: (frame: string) => void;
  /** For tests: a lower frame ceiling than the largest real call. */
  maxFrameBytes?: number;
  /** For tests: how often a refused connection of one kind is written to the log. */
  refusalLogIntervalMs?: number;
  /** At most this many TCP connections at once (default `MAX_SHELL_CONNECTIONS`); tests set fewer. */
  maxConnections?: number;
}

/**
 * At most this many connections at once: a console tab needs a few (its files, its bridge), a
 * reload a few more. Far below the process's file limit, so that thousands of idle connections
 * (any local process can open them) are closed as they come instead of exhausting descriptors.
 */
const MAX_SHELL_CONNECTIONS = 128;
/** A connection must send its request headers within this time, or it is closed (slow or idle clients). */
const SHELL_HEADERS_TIMEOUT_MS = 10_000;
/** A whole request (the renderer's files are small; the bridge is a WebSocket) within this time. */
const SHELL_REQUEST_TIMEOUT_MS = 30_000;

export interface BrowserShell {
  url: string;
  /** The URL to open: carries the launch token in the fragment, which browsers never send to servers. */
  launchUrl: string;
  token: string;
  close(): Promise<void>;
}

const CallFrame = z.object({ id: z.number().int().nonnegative(), method: z.string().max(100), input: z.unknown() }).strict();

/**
 * The browser shell: the same handler table as the Electron main process, bound to a WebSocket on
 * 127.0.0.1 instead of ipcMain, plus a static server for the built renderer. For machines without
 * a display or without the Electron binary, and for end-to-end tests in Chromium.
 *
 * A call is accepted only over a WebSocket that presented the launch token and came from the
 * shell's own origin, so another local page or process cannot drive the console. Every request
 * must name the shell's own `127.0.0.1:<port>` as its Host (a page on another name that resolves
 * to this machine, as DNS rebinding does, is refused with 421), is parsed inside a guard (a
 * request that cannot be read is answered 400; nothing a client sends stops the shell, which also
 * runs the simulation and any signing under way), and at most a few connections are open at once.
 */
export async function startBrowserShell(options: BrowserShellOptions): Promise<BrowserShell> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const app = new Hono();
  let origin = '';

  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', contentSecurityPolicy([origin.replace(/^http/, 'ws')]));
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
  });
  app.use('/*', serveStatic({ root: options.rendererDir }));
  // Unknown paths are client-side routes: answer with the app.
  app.get('*', serveStatic({ root: options.rendererDir, path: 'index.html' }));

  // Logging never stops the shell: a full disk or a log folder gone must not turn a refused
  // request into an exception out of a socket handler.
  const log = neverThrowing(options.log);
  const refusals = new RefusalLog(log, options.refusalLogIntervalMs);
  const listener = getRequestListener(app.fetch);
  let host = '';

  const server = createServer((req, res) => {
    try {
      if (!isOwnHost(req, host)) {
        refusals.refused('host', 'refused a request for another host name (421)', { host: req.headers.host ?? null });
        res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
        res.end(`This console answers only at http://${host}/.\n`);
        return;
      }
      void Promise.resolve(listener(req, res)).catch((err: unknown) => answerFailure(res, err));
    } catch (err) {
      answerFailure(res, err);
    }
  });
  const answerFailure = (res: ServerResponse, err: unknown) => {
    refusals.refused('bad-request', 'answered 400 to a request that could not be read', { reason: (err as Error)?.message ?? String(err) });
    if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    res.end();
  };
  // A request Node cannot parse at all: answered 400 and closed, logged at a limited rate.
  server.on('clientError', (err: Error, socket: Duplex) => {
    refusals.refused('bad-request', 'answered 400 to a request that could not be read', { reason: err.message });
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  // The largest real call must fit in one frame (a bundle's text is the largest); a bigger frame is
  // refused from its header, before its body is read, and closes that connection only; the window
  // checks file sizes before reading them.
  const maxPayload = options.maxFrameBytes ?? bridgeFrameCeiling();
  const wss = new WebSocketServer({ noServer: true, maxPayload });
  const sockets = new Set<WebSocket>();

  const refuseUpgrade = (socket: Duplex, status: string, kind: string, message: string, fields: Record<string, unknown>) => {
    refusals.refused(kind, message, fields);
    socket.on('error', () => undefined);
    if (socket.writable) socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  };

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      if (!isOwnHost(req, host)) {
        refuseUpgrade(socket, '421 Misdirected Request', 'host', 'refused a bridge connection for another host name', {
          host: req.headers.host ?? null,
        });
        return;
      }
      // Throws on a target that is no URL at all (`http://[::1/bridge`): answered 400 below.
      const target = new URL(req.url ?? '', origin);
      if (!isAuthorizedUpgrade(req, target, origin, token)) {
        refuseUpgrade(
          socket,
          '403 Forbidden',
          'unauthorized',
          'refused a bridge connection without the launch token or from another origin',
          {
            origin: req.headers.origin ?? null,
          },
        );
        return;
      }
      if (sockets.size >= MAX_BRIDGE_CONNECTIONS) {
        refuseUpgrade(
          socket,
          '503 Service Unavailable',
          'too-many',
          `refused a bridge connection: ${MAX_BRIDGE_CONNECTIONS} are open already; close another tab of the console`,
          {
            open: sockets.size,
          },
        );
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        sockets.add(ws);
        ws.on('close', () => sockets.delete(ws));
        // A frame the socket refuses (over the limit, or not WebSocket) closes this connection; said
        // in the log, and never left as an unhandled error that would stop the shell itself.
        ws.on('error', (err: Error & { code?: string }) => {
          const tooLarge = err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';
          refusals.refused(
            tooLarge ? 'frame-too-large' : 'protocol-error',
            tooLarge
              ? `closed a bridge connection: a call was larger than the ${maxPayload} bytes the largest legitimate call needs; the page has to be reloaded`
              : 'closed a bridge connection after a protocol error; the page has to be reloaded',
            { code: err.code ?? null, reason: err.message },
          );
        });
        ws.on('message', (data) => void onMessage(ws, data.toString()));
      });
    } catch (err) {
      refuseUpgrade(socket, '400 Bad Request', 'bad-request', 'answered 400 to a bridge request that could not be read', {
        reason: (err as Error)?.message ?? String(err),
      });
    }
  });

  const send = (ws: WebSocket, frame: unknown) => {
    const text = JSON.stringify(frame);
    options.onFrameSent?.(text);
    if (ws.readyState === ws.OPEN) ws.send(text);
  };

  async function onMessage(ws: WebSocket, text: string): Promise<void> {
    let frame: z.infer<typeof CallFrame>;
    try {
      frame = CallFrame.parse(JSON.parse(text));
    } catch {
      ws.close(1008, 'malformed frame');
      return;
    }
    const result = await dispatchForTransport(options.runtime.handlers, frame.method, frame.input, { transport: 'browser' }, log);
    send(ws, { id: frame.id, result });
  }

  const unsubscribe = options.runtime.onEvent((event, payload) => {
    for (const ws of sockets) send(ws, { event, payload });
  });

  server.maxConnections = options.maxConnections ?? MAX_SHELL_CONNECTIONS;
  server.headersTimeout = SHELL_HEADERS_TIMEOUT_MS;
  server.requestTimeout = SHELL_REQUEST_TIMEOUT_MS;
  server.on('drop', () => refusals.refused('too-many-connections', `closed a connection: ${server.maxConnections} are open already`, {}));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // Once listening, an error of the listening socket (EMFILE when the process runs out of file
  // descriptors) is logged and the shell goes on accepting when it can.
  server.on('error', (err: Error & { code?: string }) => refusals.refused('server-error', 'the shell could not accept a connection', { code: err.code ?? null, reason: err.message }));
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;
  origin = `http://${host}`;

  return {
    url: origin,
    launchUrl: `${origin}/#token=${token}`,
    token,
    async close() {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The Host header names the shell itself: `127.0.0.1:<port>`, as the launch URL does. */
function isOwnHost(req: IncomingMessage, host: string): boolean {
  return host !== '' && (req.headers.host ?? '').toLowerCase() === host;
}

function isAuthorizedUpgrade(req: IncomingMessage, url: URL, origin: string, token: string): boolean {
  // Only a path on this server (origin-form), never an absolute URL naming some other place.
  if (!req.url?.startsWith('/')) return false;
  if (url.origin !== origin || url.pathname !== '/bridge') return false;
  if (req.headers.origin !== origin) return false;
  const presented = Buffer.from(url.searchParams.get('token') ?? '');
  const expected = Buffer.from(token);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
