import type { Wage } from '~contract/locations.ts'
import { formatMoney } from '@/lib/number-format'

export function formatWage(wage: Wage, currency: string, period: 'annual' | 'hourly') {
  if (!wage) return 'not published'
  const digits = period === 'hourly' ? 2 : 0
  const text = formatMoney(wage.value, currency, { minimumFractionDigits: digits, maximumFractionDigits: digits })
  // The source only says "at or above" a top-coded value.
  return wage.top_coded ? `>= ${text}` : text
}
