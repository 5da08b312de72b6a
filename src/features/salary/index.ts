export { salarySearch } from './search-params'
