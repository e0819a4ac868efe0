import { hostOf } from '../../../shared/domain/external-links';
import { AppError } from '../../../shared/errors';
import type { AppInfo } from '../../../shared/ipc/schemas';
import type { LinkAllowlist } from '../link-allowlist';
import type { ServiceConnection } from '../service-connection';
import { feature, type Feature } from '../feature';

interface AppFeatureDeps {
  version: string;
  shell: AppInfo['shell'];
  connection: ServiceConnection;
  offline: () => boolean;
  links: LinkAllowlist;
  /** Opens an allowlisted https link in the user's browser. */
  openExternal: (url: string) => Promise<void>;
  /** Shows an OS notification; absent where the shell has none (the browser shell: its bell only). */
  notify?: (title: string, body: string) => boolean;
}

/** What the console is and runs on (app.info), and the allowlisted external opener (system.openExternal). */
export function createAppFeature(deps: AppFeatureDeps): Feature & { info(): Promise<AppInfo> } {
  async function info(): Promise<AppInfo> {
    const mode = deps.connection.mode();
    const simulation = deps.connection.status();
    // While the simulation starts, its address is not known yet; everything else answers at once.
    const serviceUrl = simulation === 'starting' || simulation === 'failed' ? '' : (await deps.connection.current()).serviceUrl;
    return { version: deps.version, mode, serviceUrl, shell: deps.shell, platform: process.platform, simulation };
  }

  async function openExternal({ url }: { url: string }): Promise<{ opened: boolean }> {
    if (deps.offline()) {
      // Opening a page would have the browser reach the network on this machine's behalf.
      throw new AppError({
        code: 'OFFLINE',
        message: `This install is in offline mode: it opens no links (${url}).`,
        action: 'Open the address on an online machine if you need it.',
      });
    }
    const href = deps.links.check(url);
    if (href === null) {
      throw new AppError({
        code: 'LINK_NOT_ALLOWED',
        message: `The console does not open this link to ${hostOf(url) ?? 'that address'}: only plain https links to known explorers and to sites the service's records name.`,
        action: 'Copy the address and check it yourself before opening it in a browser.',
      });
    }
    // The parsed, normalised address: never the raw string, which the OS might read differently.
    await deps.openExternal(href);
    return { opened: true };
  }

  // The service's state also arrives as `serviceState` events; this answers a screen that opens later.
  const serviceState = async () => deps.connection.serviceState();

  async function notify({ title, body }: { title: string; body: string }): Promise<{ shown: boolean }> {
    return { shown: deps.notify?.(title, body) ?? false };
  }

  return { ...feature({ app: { info, serviceState }, system: { openExternal, notify } }), info };
}
