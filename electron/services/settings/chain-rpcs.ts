import { checkRpcUrl } from '../../../shared/chains/rpc-url';
import { AppError } from '../../../shared/errors';
import type { JsonDocument } from '../storage/json-document';
import type { Settings } from './settings';

/**
 * The operator's own RPC addresses per chain, in order, kept in the settings file (they are not
 * secrets; an address with a provider's key in it is the operator's choice). Kept in memory as
 * well, so the chain pool asks without reading the file at every read.
 */
export class ChainRpcBook {
  private cache: Map<number, string[]> | null = null;

  constructor(private readonly settings: JsonDocument<Settings>) {}

  /** The addresses of a chain, in order (empty: none). */
  async urls(chainId: number): Promise<string[]> {
    return [...((await this.all()).get(chainId) ?? [])];
  }

  /** Every chain with at least one address. */
  async all(): Promise<Map<number, string[]>> {
    if (!this.cache) {
      const { value } = await this.settings.read();
      this.cache = new Map(Object.entries(value.rpcs ?? {}).map(([id, urls]) => [Number(id), urls]));
    }
    return this.cache;
  }

  /** Appends a tested address (last in order); an address already there is refused. */
  async add(chainId: number, url: string): Promise<void> {
    const checked = checkRpcUrl(url);
    if (!checked.ok) throw new AppError({ code: checked.code, message: checked.message, action: checked.action });
    const urls = await this.urls(chainId);
    if (urls.includes(checked.url)) {
      throw new AppError({
        code: 'RPC_DUPLICATE',
        message: `${checked.url} is already an RPC of chain ${chainId}.`,
        action: 'Nothing to do.',
      });
    }
    await this.save(chainId, [...urls, checked.url]);
  }

  async remove(chainId: number, url: string): Promise<void> {
    await this.save(
      chainId,
      (await this.urls(chainId)).filter((u) => u !== url),
    );
  }

  /** Moves an address one place earlier or later in the order it is tried. */
  async move(chainId: number, url: string, direction: 'up' | 'down'): Promise<void> {
    const urls = await this.urls(chainId);
    const at = urls.indexOf(url);
    const to = direction === 'up' ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= urls.length) return;
    [urls[at], urls[to]] = [urls[to]!, urls[at]!];
    await this.save(chainId, urls);
  }

  private async save(chainId: number, urls: string[]): Promise<void> {
    const { value } = await this.settings.read();
    const rpcs = { ...(value.rpcs ?? {}) };
    if (urls.length > 0) rpcs[String(chainId)] = urls;
    else delete rpcs[String(chainId)];
    await this.settings.write({ ...value, rpcs });
    this.cache = new Map(Object.entries(rpcs).map(([id, list]) => [Number(id), list]));
  }
}
