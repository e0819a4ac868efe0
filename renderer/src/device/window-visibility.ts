import { call, getBridge } from '../bridge';

/** The part of `document` this needs (a test passes its own). */
interface VisibilitySource {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/**
 * Tells the main side when the window is hidden (minimised, another tab in the browser shell) or
 * shown again, so the device watch pauses and the Ledger is left to other applications meanwhile.
 * Returns the function that stops following.
 */
export function followWindowVisibility(source: VisibilitySource | undefined = globalThis.document): () => void {
  if (!source) return () => undefined;
  let told = true;
  const tell = () => {
    const visible = source.visibilityState !== 'hidden';
    if (visible === told) return;
    told = visible;
    // Best effort: if the main side does not hear it, the watch simply keeps running.
    void call(getBridge().device.setVisible({ visible })).catch(() => undefined);
  };
  source.addEventListener('visibilitychange', tell);
  tell();
  return () => source.removeEventListener('visibilitychange', tell);
}
