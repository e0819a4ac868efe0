/**
 * Which RPC addresses the operator may give for a chain: https anywhere, plain http only on this
 * machine's loopback (a node of one's own, or a local test chain), where nothing travels over a
 * network. Everything the console reads to move money passes through these addresses.
 */

type RpcUrlCheck = { ok: true; url: string } | { ok: false; code: 'RPC_BAD_URL' | 'RPC_NOT_HTTPS'; message: string; action: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for a host on this machine's loopback (any 127.x.y.z, localhost, ::1). */
function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** The address as the parser writes it, without the lone "/" it adds to a bare host (shown as typed). */
function written(url: URL): string {
  const text = url.toString();
  return url.pathname === '/' && !url.search && !url.hash && !text.endsWith('//') ? text.replace(/\/$/, '') : text;
}

/** Checks and normalises an RPC address typed by the operator (trimmed; the URL as the parser writes it). */
export function checkRpcUrl(input: string): RpcUrlCheck {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      ok: false,
      code: 'RPC_BAD_URL',
      message: `"${text}" is not an address.`,
      action: 'Enter the full address of the RPC, e.g. https://rpc.example.org.',
    };
  }
  if (url.protocol === 'https:' && url.hostname) return { ok: true, url: written(url) };
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return { ok: true, url: written(url) };
  if (url.protocol === 'http:') {
    return {
      ok: false,
      code: 'RPC_NOT_HTTPS',
      message: `${url.host} is reached over plain http: what it answers could be changed on the way.`,
      action: 'Use its https:// address. Plain http is accepted only for a node on this machine (127.0.0.1 or localhost).',
    };
  }
  return {
    ok: false,
    code: 'RPC_BAD_URL',
    message: `"${text}" is not an https address.`,
    action: 'Enter the https:// address of the RPC (a websocket address does not work here).',
  };
}
