/**
 * Recorded device transcripts shipped inside the @ledgerhq/hw-app-eth npm package: the
 * `tests/fixtures/apdus/*.apdus` files and the inline `RecordStore` blocks of `tests/Eth.unit.test.ts`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface RecordedExchange {
  source: string;
  command: string;
  answer: string;
}

const require = createRequire(import.meta.url);
const packageRoot = dirname(require.resolve('@ledgerhq/hw-app-eth/package.json'));

function pairs(text: string, source: string): RecordedExchange[] {
  const out: RecordedExchange[] = [];
  const re = /=>\s*([0-9a-fA-F]+)\s*\n\s*<=\s*([0-9a-fA-F]+)/g;
  for (const m of text.matchAll(re)) out.push({ source, command: m[1]!.toLowerCase(), answer: m[2]!.toLowerCase() });
  return out;
}

export function recordedExchanges(): RecordedExchange[] {
  const out: RecordedExchange[] = [];
  const fixtures = join(packageRoot, 'tests', 'fixtures', 'apdus');
  for (const file of readdirSync(fixtures)
    .filter((f) => f.endsWith('.apdus'))
    .sort()) {
    out.push(...pairs(readFileSync(join(fixtures, file), 'utf8'), `fixtures/apdus/${file}`));
  }
  out.push(...pairs(readFileSync(join(packageRoot, 'tests', 'Eth.unit.test.ts'), 'utf8'), 'tests/Eth.unit.test.ts'));
  return out;
}
