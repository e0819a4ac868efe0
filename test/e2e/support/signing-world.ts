import { afterAll, beforeAll } from 'vitest';
import { closeDemoSigningWorld, openDemoSigningWorld, type DemoSigningWorld } from './console-page';

/**
 * The demo signing world (`openDemoSigningWorld`) for a whole test file: opened before its first
 * test, closed after its last; its simulation, console, page and first portfolio are on the object
 * returned from the first test on.
 */
export function demoSigningWorldForFile(options: { autoRefresh?: boolean } = {}, timeoutMs = 180_000): DemoSigningWorld {
  const world = {} as DemoSigningWorld;
  beforeAll(async () => {
    Object.assign(world, await openDemoSigningWorld(options));
  }, timeoutMs);
  afterAll(() => closeDemoSigningWorld(world));
  return world;
}
