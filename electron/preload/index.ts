import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_GLOBAL } from '../../shared/ipc/bridge';
import { buildBridgeApi } from '../../shared/ipc/build-bridge';
import { channelOf, eventChannelOf } from '../../shared/ipc/contract';

/**
 * Exposes exactly the contract's methods to the renderer, each as a named function bound to its
 * own channel. No ipcRenderer, no generic invoke: the page cannot reach any other channel.
 */
const api = buildBridgeApi(
  (method, input) => ipcRenderer.invoke(channelOf(method), input),
  (event, listener) => {
    const channel = eventChannelOf(event);
    const handler = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => {
      ipcRenderer.removeListener(channel, handler);
    };
  },
);

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, api);
