// Light on purpose: the route's search schema (first page load) imports this; the page is in ./pages, loaded with the route.
export { costSearch, type CostSearch } from './search-params'
