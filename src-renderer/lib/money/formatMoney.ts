type Decimal = `${number}` | string;

const formatters = new Map<string, Intl.NumberFormat>();

/** One Intl.NumberFormat per currency and rounding: building one costs more than formatting with it. */
function formatter(currency: string, small: boolean): Intl.NumberFormat {
  const key = `${currency}:${small}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      ...(small ? { minimumSignificantDigits: 1, maximumSignificantDigits: 2 } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

/** The currency's smallest everyday unit (0.01 for USD and EUR, 1 for JPY), from Intl's own digits for it. */
function smallestUnit(currency: string): number {
  return 10 ** -(formatter(currency, false).resolvedOptions().maximumFractionDigits ?? 2);
}

/**
 * An exact decimal amount of a currency for reading, rounded half away from zero by Intl.NumberFormat from the
 * decimal string itself (never through a float, never cut): `$3,012.45`, `€0.42`; below the currency's smallest
 * unit, two significant digits (`$0.0063`) rather than `$0.00`.
 */
export function formatMoney(amount: Decimal, currency: string): string {
  const value = Math.abs(Number(amount));
  const small = value !== 0 && value < smallestUnit(currency);
  // Intl.NumberFormat takes a decimal string as an exact value (ES2023 Intl.NumberFormat v3).
  return formatter(currency, small).format(amount as `${number}`);
}

/** The currency's name in words for labels (`US dollars`), or the code when Intl does not know it. */
export function currencyName(currency: string): string {
  try {
    return new Intl.DisplayNames('en-US', { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}
