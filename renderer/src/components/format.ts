/** 0x1234…abcd: enough to recognise an address, with the full value on hover. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** Local time for display, with the UTC time for a tooltip. */
export function timeLabels(ms: number, locale?: string): { local: string; utc: string } {
  const d = new Date(ms);
  return {
    local: d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    utc: `${d.toISOString().replace('T', ' ').slice(0, 19)} UTC`,
  };
}
