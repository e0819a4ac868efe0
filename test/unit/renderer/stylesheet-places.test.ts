/**
 * Where a rule lives (docs/architecture.md, "Its CSS"): a screen's or component's own rules beside it, imported by
 * the .tsx that draws them; the global stylesheet under renderer/src/styles/ only for what several parts share.
 * A class the global stylesheet styles is drawn by a shared part (components/, batch/, app/, the entry) or by two
 * features at least.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/paths';

const RENDERER = path.join(ROOT, 'renderer', 'src');
/** Parts every feature draws with: a class drawn here is shared by nature. */
const SHARED_PARTS = new Set(['components', 'batch', 'app', 'main.tsx']);

function filesUnder(dir: string, ending: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, ending);
    return ending.test(name) && !name.includes('.test.') ? [full] : [];
  });
}

const sources = filesUnder(RENDERER, /\.tsx?$/).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/** The top folder (feature or shared part) of every source that names the class. */
function drawnBy(cls: string): Set<string> {
  const word = new RegExp(`(^|[^\\w-])${cls}([^\\w-]|$)`);
  return new Set(sources.filter((s) => word.test(s.text)).map((s) => path.relative(RENDERER, s.file).split(path.sep)[0]!));
}

/** Each selector of a stylesheet, comments and at-rule headers left out. */
function selectorsOf(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{}]+)\{[^{}]*\}/g)].flatMap((m) => splitTopLevel(m[1]!));
}

/** A selector list split at its own commas, not those inside :is(…) or :not(…). */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  return [...parts, list.slice(start).trim()];
}

/** A compound's classes: a modifier beside a shared class (`.link-button.danger`) shares its place. */
function compounds(selector: string): string[][] {
  return selector
    .replace(/:(not|is|has|where)\([^)]*\)/g, '')
    .split(/[\s>+~]+/)
    .map((compound) => [...compound.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((m) => m[1]!))
    .filter((classes) => classes.length > 0);
}

const isShared = (by: Set<string>) => [...by].some((part) => SHARED_PARTS.has(part)) || by.size >= 2;

describe('the console’s stylesheets', () => {
  it('keep in the global stylesheet only the rules of what several parts share', () => {
    const own: string[] = [];
    for (const css of filesUnder(path.join(RENDERER, 'styles'), /\.css$/)) {
      for (const selector of selectorsOf(readFileSync(css, 'utf8'))) {
        // The tables' compact density is the table primitive's mode: it names the cells it compacts.
        if (selector.startsWith(":root[data-density='compact']")) continue;
        for (const classes of compounds(selector)) {
          const places = classes.map(drawnBy);
          if (places.some(isShared)) continue;
          own.push(`${path.basename(css)} ${selector}: drawn only by ${[...new Set(places.flatMap((p) => [...p]))].join(', ') || 'nothing'}`);
        }
      }
    }
    expect(own).toEqual([]);
  });
});
