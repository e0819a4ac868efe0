import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Protocol } from 'electron';
import { contentSecurityPolicy } from '../runtime/content-security-policy';
import { APP_HOST, APP_SCHEME } from './app-origin';

/** Must run before the app is ready: app:// behaves like a secure, standard origin (not file://). */
export function registerAppScheme(protocol: Protocol): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Maps an app:// URL to a file inside the built renderer folder, or null when the URL is for
 * another host or escapes the folder. Unknown paths fall back to index.html (the UI routes itself).
 */
export function resolveAppFile(rendererDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  const relative = decodeURIComponent(url.pathname).replace(/^\/+/, '') || 'index.html';
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, relative);
  if (file !== root && !file.startsWith(`${root}${path.sep}`)) return null;
  return path.extname(file) === '' ? path.join(root, 'index.html') : file;
}

/** Serves the built renderer on app://vaultdesk/ with the CSP on every response. */
export function handleAppProtocol(protocol: Protocol, fetchFile: (url: string) => Promise<Response>, rendererDir: string): void {
  const csp = contentSecurityPolicy();
  protocol.handle(APP_SCHEME, async (request) => {
    let file: string | null;
    try {
      file = resolveAppFile(rendererDir, request.url);
    } catch {
      // A malformed percent-escape (`%E0%A4%A`): the request is answered, not left to reject.
      return new Response('Bad request', { status: 400 });
    }
    if (!file) return new Response('Not found', { status: 404 });
    const response = await fetchFile(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', csp);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
