export { SalaryPage } from './components/salary-page'
