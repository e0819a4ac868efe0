import { createServer, type IncomingMessage } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { getRequestListener } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { largestCallFrameBytes } from '../../shared/ipc/frame-limit';
import { contentSecurityPolicy } from '../runtime/content-security-policy';
import { dispatchForTransport } from '../runtime/dispatch';
import type { ConsoleRuntime } from '../runtime';
import type { Logger } from '../services/log/logger';

export interface BrowserShellOptions {
  runtime: ConsoleRuntime;
  /** The renderer built for the browser shell (WebSocket bridge). */
  rendererDir: string;
  port?: number;
  log: Logger;
  /** Fixed token for tests; by default a fresh random one per launch. */
  token?: string;
  /** Sees every frame sent to the browser; tests use it to prove no secret is ever sent. */
  onFrameSent?: (frame: string) => void;
  /** For tests: a lower frame ceiling than the contract's largest call. */
  maxFrameBytes?: number;
}

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
 * shell's own origin, so another local page or process cannot drive the console.
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

  const server = createServer(getRequestListener(app.fetch));
  // The largest call the contract accepts must fit in one frame (a bundle's text is the largest);
  // a bigger frame closes the connection, so the window checks file sizes before reading them.
  const maxPayload = options.maxFrameBytes ?? largestCallFrameBytes();
  const wss = new WebSocketServer({ noServer: true, maxPayload });
  const sockets = new Set<WebSocket>();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isAuthorizedUpgrade(req, origin, token)) {
      options.log.warn('refused a bridge connection', { origin: req.headers.origin ?? null });
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      // A frame the socket refuses (over the limit, or not WebSocket) closes this connection; said
      // in the log, and never left as an unhandled error that would stop the shell itself.
      ws.on('error', (err: Error & { code?: string }) => {
        const tooLarge = err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';
        options.log.warn(
          tooLarge
            ? `closed a bridge connection: a call was larger than the ${maxPayload} bytes the largest legitimate call needs; the page has to be reloaded`
            : 'closed a bridge connection after a protocol error; the page has to be reloaded',
          { code: err.code ?? null, reason: err.message },
        );
      });
      ws.on('message', (data) => void onMessage(ws, data.toString()));
    });
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
    const result = await dispatchForTransport(options.runtime.handlers, frame.method, frame.input, { transport: 'browser' }, options.log);
    send(ws, { id: frame.id, result });
  }

  const unsubscribe = options.runtime.onEvent((event, payload) => {
    for (const ws of sockets) send(ws, { event, payload });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

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

function isAuthorizedUpgrade(req: IncomingMessage, origin: string, token: string): boolean {
  const url = new URL(req.url ?? '/', origin);
  if (url.pathname !== '/bridge') return false;
  if (req.headers.origin !== origin) return false;
  const presented = Buffer.from(url.searchParams.get('token') ?? '');
  const expected = Buffer.from(token);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
