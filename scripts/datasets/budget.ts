// The monthly budget: the model (or your own) budget items, OECD Taxing Wages rates and Canada's
// federal and provincial tax brackets.
import type { BudgetFile } from '../../server/content/datasets.ts'
import { csvRecords, requireColumns } from './csv.ts'
import type { InputFile } from './inputs.ts'

export function readTaxRates(file: InputFile): BudgetFile['tax_rates'] {
  const records = csvRecords(file.text)
  requireColumns(records, ['ISO2', 'Income Tax in %', 'Employee Payroll Taxes in %', 'Employer Payroll Taxes in %'], file.name)
  const year = Number(/taxing-wages-(\d{4})/.exec(file.name)?.[1])
  if (!Number.isFinite(year)) throw new Error(`${file.name}: name the file with its income year (taxing-wages-2021).`)
  return records
    .map((row) => ({
      code: row.ISO2!,
      income_tax: Number(row['Income Tax in %']),
      employee_ssc: Number(row['Employee Payroll Taxes in %']),
      employer_ssc: Number(row['Employer Payroll Taxes in %']),
      year,
    }))
    .sort((a, b) => a.code.localeCompare(b.code))
}

export function readCanadaTax(file: InputFile): BudgetFile['canada_tax'] {
  const data = JSON.parse(file.text) as Omit<BudgetFile['canada_tax'], 'year' | 'source'> & { _year: number }
  if (!Number.isInteger(data._year) || !data.federal?.brackets?.length || !data.payroll?.cpp || !data.provinces?.ON?.brackets?.length) {
    throw new Error(`${file.name}: expected a year, federal brackets, payroll contributions and provincial brackets.`)
  }
  for (const [where, table] of [['federal', data.federal] as const, ...Object.entries(data.provinces)]) {
    const lows = table.brackets.map(([low]) => low)
    if (lows[0] !== 0 || lows.some((low, i) => i > 0 && low <= lows[i - 1]!))
      throw new Error(`${file.name}: ${where} brackets must start at 0 and rise.`)
  }
  const { _year, federal, payroll, provinces } = data
  return { year: _year, source: 'cra-tax', federal, payroll, provinces }
}

export function readBudget(file: InputFile, year: number): Omit<BudgetFile, 'public_health_care' | 'tax_rates' | 'canada_tax'> {
  const records = csvRecords(file.text)
  requireColumns(records, ['category', 'item', 'amount_usd_month'], file.name)
  const categories = ['housing', 'food', 'transport', 'utilities', 'health', 'leisure', 'other']
  const items = records.map((row) => {
    if (!categories.includes(row.category!)) throw new Error(`${file.name}: unknown category ${row.category} (use ${categories.join(', ')}).`)
    const amount = Number(row.amount_usd_month)
    if (!Number.isFinite(amount) || amount < 0) throw new Error(`${file.name}: amount of ${row.item} is not a number.`)
    return { category: row.category!, item: row.item!, amount }
  })
  const own = !file.name.endsWith('scripts/datasets/baseline-budget.csv')
  return {
    source: 'budget',
    sources: {
      budget: own
        ? { name: `Own budget data (${file.name.split('/').pop()})`, url: '', licence: 'As licensed to you' }
        : {
            name: 'Waypoint model budget: a U.S.-average single adult (editorial assumption, not a measured figure)',
            url: '/living-cost',
            licence: 'Waypoint',
            note: 'A round-number baseline that the official price indexes then scale; replace it with your own data through scripts/datasets.',
          },
    },
    year,
    currency: 'USD',
    items,
  }
}
