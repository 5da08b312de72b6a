import { createCostOfLiving, type CostService } from './cost-of-living.ts'
import { createPlaces, readDatasets, type Places } from './places.ts'
import { createSalary, type SalaryService } from './salary.ts'

export type LocationData = { places: Places; salary: SalaryService; cost: CostService }

const loaded = new Map<string, LocationData>()

/** The salary, cost and place services over the committed datasets: read once per process. */
export function locationData(rootDir: string): LocationData {
  let data = loaded.get(rootDir)
  if (!data) {
    const datasets = readDatasets(rootDir)
    const places = createPlaces(datasets)
    data = { places, salary: createSalary(datasets, places), cost: createCostOfLiving(datasets, places) }
    loaded.set(rootDir, data)
  }
  return data
}
