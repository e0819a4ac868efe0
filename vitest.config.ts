import { defineConfig } from 'vitest/config';

// Three projects, run separately by scripts/test.sh:
// - unit: pure code and Node services, no external processes;
// - integration: real HTTP servers, anvil, the OS keychain (run inside a D-Bus session, see scripts/with-keyring.sh);
// - e2e: the built renderer in Debian's Chromium through the browser shell.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // What the screen shows can take seconds on a busy machine (other test runs, builds): a
          // poll waits for it with a generous ceiling, and asks no more often than a person would look.
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
    ],
  },
});
