import Papa from 'papaparse';
import { z } from 'zod';

/**
 * The rules of the security gate, apart from running the scanner: which findings stand, which are
 * suppressed, and which suppressions no longer match anything.
 *
 * A suppression names the check, the file and the line's own content (the scanner's `sample`, as
 * written in the source) and a reason. It covers one finding only (`count` for more): a new
 * `openExternal` in a file that already has a suppressed one is a new finding, and so is a copy of
 * the same line, so the gate stops on it until someone reads it and writes down why it is safe.
 */
export const SuppressionSchema = z
  .object({
    check: z.string(),
    file: z.string(),
    line: z.string().min(1),
    count: z.number().int().positive().optional(),
    reason: z.string().min(20),
  })
  .strict();
export type Suppression = z.infer<typeof SuppressionSchema>;

export interface Finding {
  issue: string;
  severity: string;
  filename: string;
  location: string;
  sample: string;
  description: string;
}

/** The scanner's CSV report (`issue, severity, confidence, filename, location, sample, description, url`). */
export function parseFindings(csv: string): Finding[] {
  const parsed = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true });
  return parsed.data.slice(1).map((cells) => {
    const [issue = '', severity = '', , filename = '', location = '', sample = '', description = ''] = cells.map((c) => c.trim());
    return { issue, severity, filename, location, sample, description };
  });
}

const normalise = (line: string) => line.trim().replace(/\s+/g, ' ');

export function applySuppressions(
  findings: readonly Finding[],
  suppressions: readonly Suppression[],
): { open: Finding[]; suppressed: Finding[]; stale: Suppression[] } {
  const serious = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM');
  const left = suppressions.map((s) => ({ s, remaining: s.count ?? 1, used: 0 }));
  const open: Finding[] = [];
  const suppressed: Finding[] = [];
  for (const f of serious) {
    const match = left.find(
      (x) => x.remaining > 0 && x.s.check === f.issue && x.s.file === f.filename && normalise(x.s.line) === normalise(f.sample),
    );
    if (match) {
      match.remaining--;
      match.used++;
      suppressed.push(f);
    } else open.push(f);
  }
  return { open, suppressed, stale: left.filter((x) => x.used === 0).map((x) => x.s) };
}
