// en-US numbers and days as Intl writes them, without Intl: the first Intl object a page creates starts
// ICU on the main thread (docs/performance.md), so the dashboard's first load formats through these.
// Equal to Intl's output (en-us.test.ts compares them); what these do not cover (NaN, ±Infinity,
// invalid dates, years outside 1–9999) goes to Intl itself.

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The integer and fraction digits of a non-negative finite number's shortest decimal form (the one Intl rounds). */
function decimalDigits(magnitude: number): { whole: string; fraction: string } {
  const text = String(magnitude);
  const exponentAt = text.indexOf('e');
  if (exponentAt < 0) {
    const point = text.indexOf('.');
    return point < 0 ? { whole: text, fraction: '' } : { whole: text.slice(0, point), fraction: text.slice(point + 1) };
  }
  // 1.5e-7, 1e+21: the mantissa's digits with the point moved by the exponent.
  const mantissa = text.slice(0, exponentAt);
  const digits = mantissa.replace('.', '');
  const point = (mantissa.includes('.') ? mantissa.indexOf('.') : mantissa.length) + Number(text.slice(exponentAt + 1));
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { whole: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** Adds one to a string of decimal digits ("199" → "200", "99" → "100"). */
function increment(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === '9') index--;
  if (index < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, index) + String(Number(digits[index]) + 1) + '0'.repeat(digits.length - index - 1);
}

/**
 * `value.toLocaleString('en-US', { minimumFractionDigits, maximumFractionDigits })`: digits grouped by
 * commas, rounded half away from zero, trailing zeros beyond the minimum dropped, "-0" for negative zero.
 */
export function enUsNumber(value: number, maximumFractionDigits = 3, minimumFractionDigits = 0): string {
  if (!Number.isFinite(value)) return new Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits }).format(value);
  let { whole, fraction } = decimalDigits(Math.abs(value));
  if (fraction.length > maximumFractionDigits) {
    const roundUp = fraction.charCodeAt(maximumFractionDigits) >= 53; // '5' or more
    fraction = fraction.slice(0, maximumFractionDigits);
    if (roundUp) {
      const digits = increment(whole + fraction);
      whole = digits.slice(0, digits.length - fraction.length);
      fraction = digits.slice(digits.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minimumFractionDigits, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** US dollars with cents, as Intl's currency style writes them: "$1,200.00", "-$49.50". */
export function enUsDollarsWithCents(value: number): string {
  if (!Number.isFinite(value)) return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}$${enUsNumber(Math.abs(value), 2, 2)}`;
}

/** A day in UTC as `{ dateStyle: 'medium', timeZone: 'UTC' }` (or month short, day and year numeric) writes it: "Nov 26, 2026". */
export function enUsDay(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 1 && year <= 9999)) return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}`;
}

/** A local time as `toLocaleTimeString('en-US')` writes it: "2:03:05 PM" (V8 puts a plain space before the period where ICU has a narrow no-break one). */
export function enUsTime(date: Date): string {
  if (Number.isNaN(date.getTime())) return date.toLocaleTimeString('en-US');
  const hours = date.getHours();
  const two = (value: number) => String(value).padStart(2, '0');
  return `${hours % 12 || 12}:${two(date.getMinutes())}:${two(date.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
}
