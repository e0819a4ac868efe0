import { APP_ORIGIN } from './app-origin';

/** The parts of an Electron IPC event the sender check reads (kept structural for tests). */
interface SenderFrameLike {
  url: string;
  parent: unknown;
}

/**
 * An IPC call is trusted only when it comes from our own origin and from the top frame of the
 * window: a frame we did not create, or a page that navigated away, cannot call the console.
 */
export function isTrustedSender(frame: SenderFrameLike | null | undefined, origin: string = APP_ORIGIN): boolean {
  if (!frame) return false;
  if (frame.parent !== null) return false;
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return false;
  }
  return `${url.protocol}//${url.host}` === origin;
}
