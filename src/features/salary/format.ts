import type { Wage } from '~contract/locations.ts'

export function formatWage(wage: Wage, currency: string, period: 'annual' | 'hourly') {
  if (!wage) return 'not published'
  const text = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: period === 'hourly' ? 2 : 0,
    maximumFractionDigits: period === 'hourly' ? 2 : 0,
  }).format(wage.value)
  // The source only says "at or above" a top-coded value.
  return wage.top_coded ? `>= ${text}` : text
}
