import { AppError } from '../../../shared/errors';

/**
 * The service address as the client uses it: without trailing slashes and without a pasted
 * `/v1` (the official client publishes its server URL with it, our paths already start with it),
 * so `https://x/v1/` and `https://x` both reach `https://x/v1/vaults`. The API key travels with
 * every request, so it is only sent in clear to this machine: this spelling check comes first, and
 * every http request then checks where the name resolves (`loopback-http.ts`).
 */

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export function normaliseBaseUrl(input: string): string {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new AppError({
      code: 'SERVICE_BAD_URL',
      message: `The service address "${trimmed}" is not a URL`,
      action: 'Enter the full address, e.g. https://service.example',
    });
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    throw new AppError({
      code: 'SERVICE_BAD_URL',
      message: `The service address must use https:// (${url.protocol}// is only accepted for this machine: localhost, 127.x.x.x, ::1)`,
      action: 'Enter the https:// address of the service in Settings',
      details: { protocol: url.protocol, host: url.host },
    });
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/i, '').replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}
