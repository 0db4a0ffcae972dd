// The checkout's local card form (spec 001 §5): every field keeps digits only and formats as typed.

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** Card number: digits grouped in fours separated by spaces, at most 16 digits (19 characters). */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Expiry shown as MM/YY (5 characters); the slash appears once a third digit is typed. */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** CVC: digits only, at most 4. */
export function formatCvc(value: string): string {
  return digitsOf(value).slice(0, 4);
}
