import { describe, expect, it, vi } from 'vitest';
import { hardenSession, hardenWebContents } from '../../../electron/main/hardening';
import { contentSecurityPolicy } from '../../../electron/runtime/content-security-policy';
import { resolveAppFile } from '../../../electron/main/app-protocol';

vi.mock('electron', () => ({}));

function fakeContents() {
  const listeners = new Map<string, (event: { preventDefault(): void }, url?: string) => void>();
  let openHandler: ((d: { url: string }) => { action: string }) | null = null;
  return {
    on: (name: string, fn: (event: { preventDefault(): void }, url?: string) => void) => listeners.set(name, fn),
    setWindowOpenHandler: (fn: typeof openHandler) => (openHandler = fn),
    emit(name: string, url?: string): boolean {
      let prevented = false;
      listeners.get(name)!({ preventDefault: () => (prevented = true) }, url);
      return prevented;
    },
    open: (url: string) => openHandler!({ url }),
  };
}

describe('web contents hardening', () => {
  it('keeps navigation inside the app origin', () => {
    const c = fakeContents();
    hardenWebContents(c as never);
    expect(c.emit('will-navigate', 'https://evil.example/')).toBe(true);
    expect(c.emit('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(c.emit('will-navigate', 'app://vaultdesk.evil/x')).toBe(true);
    expect(c.emit('will-redirect', 'https://evil.example/')).toBe(true);
    expect(c.emit('will-navigate', 'app://vaultdesk/index.html')).toBe(false);
  });

  it('denies every new window and every webview', () => {
    const c = fakeContents();
    hardenWebContents(c as never);
    expect(c.open('https://etherscan.io/')).toEqual({ action: 'deny' });
    expect(c.emit('will-attach-webview')).toBe(true);
  });

  it('grants no permission to the renderer', () => {
    const calls: Record<string, (...a: never[]) => unknown> = {};
    const session = {
      setPermissionRequestHandler: (fn: never) => (calls.request = fn),
      setPermissionCheckHandler: (fn: never) => (calls.check = fn),
      setDevicePermissionHandler: (fn: never) => (calls.device = fn),
    };
    hardenSession(session as never);
    for (const permission of ['media', 'notifications', 'hid', 'clipboard-read', 'openExternal']) {
      let granted: boolean | undefined;
      (calls.request as (c: unknown, p: string, cb: (v: boolean) => void) => void)({}, permission, (v) => (granted = v));
      expect(granted).toBe(false);
      expect((calls.check as (...a: unknown[]) => boolean)({}, permission)).toBe(false);
    }
    expect((calls.device as (...a: unknown[]) => boolean)({})).toBe(false);
  });
});

describe('content security policy', () => {
  it('allows scripts only from our origin, no eval and no inline script', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('app:// protocol', () => {
  const root = '/opt/vaultdesk/renderer';
  it('serves files inside the renderer folder', () => {
    expect(resolveAppFile(root, 'app://vaultdesk/index.html')).toBe(`${root}/index.html`);
    expect(resolveAppFile(root, 'app://vaultdesk/assets/app.js')).toBe(`${root}/assets/app.js`);
    expect(resolveAppFile(root, 'app://vaultdesk/')).toBe(`${root}/index.html`);
    expect(resolveAppFile(root, 'app://vaultdesk/settings')).toBe(`${root}/index.html`);
  });
  it('never resolves to a file outside the folder, and refuses other hosts', () => {
    for (const evil of [
      'app://vaultdesk/../../etc/passwd',
      'app://vaultdesk/%2e%2e/%2e%2e/etc/ssl/openssl.cnf',
      'app://vaultdesk/..%2f..%2fetc/ssl/openssl.cnf',
      'app://vaultdesk/assets/%2e%2e/%2e%2e/%2e%2e/secret.json',
    ]) {
      const file = resolveAppFile(root, evil);
      if (file !== null) expect(file.startsWith(`${root}/`)).toBe(true);
    }
    expect(resolveAppFile(root, 'app://elsewhere/index.html')).toBeNull();
    expect(resolveAppFile(root, 'file:///etc/passwd')).toBeNull();
  });
});
