/** File names an operator can sort and recognise: what, which group, when. */
export function exportFileName(kind: string, groupName: string | null, format: 'csv' | 'json', now: Date): string {
  const slug = (groupName ?? 'all')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `vaultdesk-${kind}-${slug || 'group'}-${now.toISOString().slice(0, 10)}.${format}`;
}
