export { CostOfLivingPage } from './components/cost-page'
