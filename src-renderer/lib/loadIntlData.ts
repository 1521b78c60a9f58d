/**
 * Makes the formatters whose first use loads ICU's data: a currency amount and a local date and time, the two kinds
 * the app draws late (lib/intlReady.ts). Run by the warm-up worker first, then by the window, which finds it loaded.
 */
export function loadIntlData(): void {
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1);
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(0);
}
