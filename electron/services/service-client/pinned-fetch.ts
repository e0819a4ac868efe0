import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

/** A host and the addresses a check already judged for it. */
interface PinnedHost {
  host: string;
  addresses: readonly string[];
}

/** Statuses whose response has no body: a Response built for them must not be given one. */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` that connects to the given host only at the addresses a check already judged: the
 * name is not resolved again, so a name server cannot answer the connection differently from the
 * check (DNS rebinding). The request still names the host: TLS verifies the certificate for it
 * and sends it as SNI, and the Host header carries it, so the service sees an ordinary request.
 * Any other host is refused, and redirects are not followed (a 3xx is the answer). Built on node:http(s) because the
 * built-in fetch takes no resolver; it covers what the service client sends (method, headers, a
 * string body, an abort signal) and answers with a standard Response.
 */
export function pinnedFetch(pin: PinnedHost): typeof fetch {
  const addresses = pin.addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
  const lookup: LookupFunction = (hostname, options, callback) => {
    const answer = hostname.replace(/^\[|\]$/g, '') === pin.host ? addresses : [];
    if (answer.length === 0) {
      const err = Object.assign(new Error(`${hostname} was not resolved by the address check`), { code: 'ENOTFOUND', hostname });
      callback(err, '', 4);
    } else if (options.all) callback(null, answer);
    else callback(null, answer[0]!.address, answer[0]!.family);
  };

  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname.replace(/^\[|\]$/g, '') !== pin.host) {
      throw new TypeError(`The connection was checked for ${pin.host}, not ${url.hostname}.`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`Unsupported scheme ${url.protocol}`);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    init.signal?.throwIfAborted();

    return new Promise<Response>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: init.method ?? 'GET',
        headers,
        lookup,
        // No pooled connection: each request resolves through the pin, and nothing is left open.
        agent: false,
        ...(init.signal ? { signal: init.signal } : {}),
      });
      request.on('error', reject);
      request.on('response', (res) => {
        const responseHeaders = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) responseHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const status = res.statusCode ?? 0;
        try {
          const stream = NO_BODY.has(status) ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
          if (!stream) res.resume();
          resolve(new Response(stream, { status, statusText: res.statusMessage ?? '', headers: responseHeaders }));
        } catch (err) {
          // A status a Response cannot carry (below 200, above 599) is a broken answer, not a crash.
          res.destroy();
          reject(err);
        }
      });
      request.end(body);
    });
  };
}
