/**
 * Vault fees use the contracts' unit, in the service too: 100000 = 100 %, at most 20000 (20 %).
 * The spec calls the field "a percentage"; the real service sends these units, so the console
 * converts once, here.
 */
const FEE_UNITS_PER_PERCENT = 1000;

function feeUnitsToPercent(feeUnits: number): number {
  return feeUnits / FEE_UNITS_PER_PERCENT;
}

/** "10 %", "12.5 %": at most three decimals, no trailing zeros. */
export function formatFeePercent(feeUnits: number, locale?: string): string {
  return `${feeUnitsToPercent(feeUnits).toLocaleString(locale, { maximumFractionDigits: 3 })} %`;
}
