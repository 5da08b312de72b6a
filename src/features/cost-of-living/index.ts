export { costSearch, type CostSearch } from './search-params'
