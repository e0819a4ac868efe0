/**
 * The renderer's Content Security Policy: scripts only from our own origin (no eval, no inline
 * script), no plugins, no framing, no form posts; the renderer never talks to the network itself.
 * `connectSources` is only used by the browser shell, whose bridge is a WebSocket to itself.
 */
export function contentSecurityPolicy(connectSources: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${connectSources.map((s) => ` ${s}`).join('')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
