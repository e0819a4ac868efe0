import { describe, expect, it } from 'vitest';
import { parseConsoleArgs } from '../../../electron/main/args';

describe('the console’s command line', () => {
  it('starts online with the saved service by default', () => {
    expect(parseConsoleArgs([])).toEqual({ offline: false });
    expect(parseConsoleArgs(['.', '--no-sandbox'])).toEqual({ offline: false });
  });

  it('--offline makes the run an offline-review install, whatever else is passed', () => {
    expect(parseConsoleArgs(['.', '--offline'])).toEqual({ offline: true });
    expect(parseConsoleArgs(['--enable-logging', '--offline', '--service', 'https://api.example.com'])).toEqual({
      offline: true,
      service: 'https://api.example.com',
    });
  });

  it('takes the service address in both spellings, and ignores a --service with nothing after it', () => {
    expect(parseConsoleArgs(['--service=https://api.example.com'])).toEqual({ offline: false, service: 'https://api.example.com' });
    expect(parseConsoleArgs(['--service', 'https://b.example.com'])).toEqual({ offline: false, service: 'https://b.example.com' });
    expect(parseConsoleArgs(['--service'])).toEqual({ offline: false });
  });

  it('takes another data folder in both spellings, as every other entry point does', () => {
    expect(parseConsoleArgs(['--data-dir', '/srv/desk'])).toEqual({ offline: false, dataDir: '/srv/desk' });
    expect(parseConsoleArgs(['--data-dir=/srv/desk', '--offline'])).toEqual({ offline: true, dataDir: '/srv/desk' });
  });
});
