/** A load a store queued: what it loads (a batch, a key) and when it is done. */
interface QueuedLoad<K> {
  key: K;
  done: Promise<void>;
}

/**
 * A store's loads, one at a time: a load asked for while another runs starts when that one ends,
 * so answers land in the order they were asked for. `work` is told whether it is still the last
 * load queued, so that only the last one clears the store's loading flag.
 */
export function loadQueue<K>() {
  let last: QueuedLoad<K> | null = null;
  return {
    /** The last load queued (running or waiting), if any. */
    last(): QueuedLoad<K> | null {
      return last;
    },
    run(key: K, work: (isLast: () => boolean) => Promise<void>): Promise<void> {
      const previous = last;
      const queued = { key } as QueuedLoad<K>;
      last = queued;
      const start = () =>
        work(() => last === queued).finally(() => {
          if (last === queued) last = null;
        });
      // With nothing under way the load starts now, so the store says at once that it is loading.
      queued.done = previous ? previous.done.then(start, start) : start();
      return queued.done;
    },
  };
}
