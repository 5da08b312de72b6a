// Numbers and money as Intl.NumberFormat('en-US') writes them, without Intl. The first Intl
// formatter a page makes loads the browser's locale data: a task of 16 to 24 ms on this fleet's
// desktop Chromium, four times that on a phone, in the middle of a page's first render (a place
// page's population and budget). tests/client/number-format.test.ts holds these to Intl's output.

/** en-US symbols where Intl uses one; any other currency is written as its code ('PLN 1,234'). */
const SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  INR: '₹',
  ILS: '₪',
  KRW: '₩',
  VND: '₫',
  PHP: '₱',
  AUD: 'A$',
  BRL: 'R$',
  CAD: 'CA$',
  CNY: 'CN¥',
  HKD: 'HK$',
  MXN: 'MX$',
  NZD: 'NZ$',
  TWD: 'NT$',
  XCD: 'EC$',
  XAF: 'FCFA',
  XOF: 'F\u202fCFA',
  XPF: 'CFPF',
}

type Digits = { minimumFractionDigits?: number; maximumFractionDigits?: number }

/** |value| as plain decimal digits (its shortest round-trip form, as Intl reads it). */
function decimalDigits(value: number): { whole: string; fraction: string } {
  const [mantissa = '0', exponentText] = String(Math.abs(value)).split('e')
  const [whole = '0', fraction = ''] = mantissa.split('.')
  const exponent = Number(exponentText ?? 0)
  const digits = whole + fraction
  const point = whole.length + exponent
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits }
  if (point >= digits.length) return { whole: digits + '0'.repeat(point - digits.length), fraction: '' }
  return { whole: digits.slice(0, point), fraction: digits.slice(point) }
}

/** Adds one to a string of decimal digits ('199' → '200', '99' → '100'). */
function increment(digits: string): string {
  const out = digits.split('')
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1)
      return out.join('')
    }
    out[i] = '0'
  }
  return `1${out.join('')}`
}

/** '1234567' → '1,234,567'. */
const group = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** The digits of |value| rounded half away from zero, with en-US grouping: 1234.5 → '1,234.5'. */
function formatMagnitude(value: number, { minimumFractionDigits = 0, maximumFractionDigits = 3 }: Digits): string {
  if (Number.isNaN(value)) return 'NaN'
  if (!Number.isFinite(value)) return '∞'
  let { whole, fraction } = decimalDigits(value)
  if (fraction.length > maximumFractionDigits) {
    const roundUp = fraction.charCodeAt(maximumFractionDigits) >= 53 // '5'
    fraction = fraction.slice(0, maximumFractionDigits)
    if (roundUp) {
      const bumped = increment(whole + fraction)
      whole = bumped.slice(0, bumped.length - fraction.length)
      fraction = bumped.slice(bumped.length - fraction.length)
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minimumFractionDigits, '0')
  return fraction ? `${group(whole)}.${fraction}` : group(whole)
}

const sign = (value: number) => (value < 0 || Object.is(value, -0) ? '-' : '')

/** As `new Intl.NumberFormat('en-US', digits).format(value)`: 1234.5678 → '1,234.568'. */
export function formatNumber(value: number, digits: Digits = {}): string {
  return sign(value) + formatMagnitude(value, digits)
}

/**
 * As `new Intl.NumberFormat('en-US', { style: 'currency', currency, ...digits }).format(amount)`
 * with digits given (every caller says how many it wants): (1234, 'EUR', 0) → '€1,234'.
 */
export function formatMoney(amount: number, currency: string, digits: Required<Digits>): string {
  const code = currency.toUpperCase()
  const symbol = SYMBOLS[code] ?? code
  // A symbol that ends in a letter or a stop is kept apart from the digits by a no-break space.
  return sign(amount) + symbol + (/\p{S}$/u.test(symbol) ? '' : '\u00a0') + formatMagnitude(amount, digits)
}
