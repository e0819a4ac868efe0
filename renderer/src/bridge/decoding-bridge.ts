import type { BridgeApi } from '../../../shared/ipc/bridge';
import { buildBridgeApi } from '../../../shared/ipc/build-bridge';
import { fromWire, type WireResult } from '../../../shared/ipc/wire';
import { RECORD_LITERALS } from './record-literals';

/**
 * The bridge the stores use, over a transport's bridge whose answers are in their wire form
 * (shared/ipc/wire.ts): the same named methods and events, each answer decoded to the contract's
 * value before it is handed on (the portfolio's long lists by their record literals). An answer
 * that cannot be decoded becomes a failed result, as any other failure does, rather than an exception.
 */
export function decodingBridge(transport: BridgeApi): BridgeApi {
  const methods = transport as unknown as Record<string, Record<string, (input: unknown) => Promise<WireResult>>>;
  const events = transport.events as unknown as Record<string, (listener: (payload: unknown) => void) => () => void>;
  return buildBridgeApi(
    async (method, input) => {
      const [ns, name] = method.split('.') as [string, string];
      const answer = await methods[ns]![name]!(input);
      try {
        return fromWire(answer, RECORD_LITERALS);
      } catch (err) {
        return {
          ok: false,
          error: {
            code: 'BRIDGE_BAD_ANSWER',
            message: `The console's answer to ${method} could not be read: ${err instanceof Error ? err.message : String(err)}`,
            action: 'Reload the window; if it keeps happening, report it with the log file.',
          },
        };
      }
    },
    (event, listener) => events[event]!(listener),
  );
}
