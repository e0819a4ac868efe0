import { describe, expect, it, vi } from 'vitest';

const constructed: Array<Record<string, unknown>> = [];
vi.mock('electron', () => ({
  BrowserWindow: class {
    constructor(options: Record<string, unknown>) {
      constructed.push(options);
    }
  },
}));

const { createMainWindow } = await import('../../../electron/main/window');

describe('console window', () => {
  it('isolates the renderer: sandbox, context isolation, no Node, no webview, no auxclick', () => {
    createMainWindow('/app/preload/index.cjs');
    const web = constructed.at(-1)!.webPreferences as Record<string, unknown>;
    const on = ['contextIsolation', 'sandbox', 'webSecurity'];
    const off = [
      'nodeIntegration',
      'nodeIntegrationInWorker',
      'nodeIntegrationInSubFrames',
      'webviewTag',
      'allowRunningInsecureContent',
      'experimentalFeatures',
      'navigateOnDragDrop',
    ];
    expect(web).toMatchObject({
      preload: '/app/preload/index.cjs',
      ...Object.fromEntries(on.map((name) => [name, true])),
      ...Object.fromEntries(off.map((name) => [name, false])),
    });
    expect(String(web.disableBlinkFeatures)).toContain('Auxclick');
    expect(web).not.toHaveProperty('enableBlinkFeatures');
  });
});
