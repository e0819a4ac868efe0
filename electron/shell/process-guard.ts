import { neverThrowing, type Logger } from '../services/log/logger';

/**
 * Logs an exception or rejection that no caller handled and lets the process go on. The browser
 * shell hosts the runtime, the embedded simulation and signing runs: one request handled badly
 * must not take all of them down. Its own logging never throws (a throwing handler of
 * `uncaughtException` would stop the process it guards). Returns a function that removes the handlers.
 */
export function keepServingAfterUncaughtErrors(logger: Logger, target: NodeJS.EventEmitter = process): () => void {
  const log = neverThrowing(logger);
  const describe = (err: unknown) => (err instanceof Error ? { reason: err.message, stack: err.stack ?? null } : { reason: String(err) });
  const onException = (err: unknown) => log.error('an error nobody handled; the console keeps running', describe(err));
  const onRejection = (err: unknown) => log.error('a failed operation nobody waited for; the console keeps running', describe(err));
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}
