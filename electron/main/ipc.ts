import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { channelOf, eventChannelOf, listMethodNames, type EventName } from '../../shared/ipc/contract';
import { fail } from '../../shared/ipc/result';
import { dispatchForTransport, type DispatchLog } from '../runtime/dispatch';
import type { Handlers } from '../runtime/handlers';
import { isTrustedSender } from './sender-check';

/**
 * Binds the contract's handler table to ipcMain: one channel per method, each call checked for its
 * sender (our origin, top frame) before its payload is parsed. Returns a function that unbinds all.
 */
export function bindIpc(ipcMain: IpcMain, handlers: Handlers, log: DispatchLog & { warn(m: string, f?: Record<string, unknown>): void }): () => void {
  const names = listMethodNames();
  for (const name of names) {
    ipcMain.handle(channelOf(name), async (event: IpcMainInvokeEvent, payload: unknown) => {
      if (!isTrustedSender(event.senderFrame)) {
        log.warn('refused IPC call from an untrusted sender', { method: name, url: event.senderFrame?.url ?? null });
        return fail({ code: 'IPC_FORBIDDEN', message: 'This window is not allowed to use the console.' });
      }
      return dispatchForTransport(handlers, name, payload, { transport: 'electron' }, log);
    });
  }
  return () => {
    for (const name of names) ipcMain.removeHandler(channelOf(name));
  };
}

/** Pushes an event to a window's renderer, if it is still there. */
export function sendEvent(contents: WebContents, name: EventName, payload: unknown): void {
  if (!contents.isDestroyed()) contents.send(eventChannelOf(name), payload);
}
