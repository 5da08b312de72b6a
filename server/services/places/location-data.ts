import type { RelatedArticle } from '~contract/locations.ts'
import { createCostOfLiving, type CostService } from './cost-of-living.ts'
import type { LibrarySnapshot, StoredArticle } from '../library/index.ts'
import { createPlaces, fold, readDatasets, type Place, type Places } from './places.ts'
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

/** Tags of the articles for people applying from or moving to another country. */
const abroadTags = new Set(['study-abroad', 'international-students', 'student-visa'])
const jobSearchTags = new Set(['job-search'])
const jobSearchCategory = 'job-hunting'
/** Names articles use for a country besides its dataset name. */
const countryAliases: Record<string, string[]> = { GB: ['uk', 'britain'], US: [] }

type FoldedArticle = { article: StoredArticle; head: string; body: string }
const foldedSnapshots = new WeakMap<LibrarySnapshot, FoldedArticle[]>()

/** Titles, summaries and bodies folded once per library snapshot, padded for word matches. */
function folded(snapshot: LibrarySnapshot): FoldedArticle[] {
  let list = foldedSnapshots.get(snapshot)
  if (!list) {
    list = snapshot.articles.map((article) => ({
      article,
      head: ` ${fold(`${article.title} ${article.summary}`)} `,
      body: ` ${fold(article.bodyText)} `,
    }))
    foldedSnapshots.set(snapshot, list)
  }
  return list
}

/**
 * Three articles for a location page: ones naming the place (or, abroad, its country) first;
 * abroad, articles on international applications and visas; everywhere, job hunting; then the
 * newest, so a small library still fills the list.
 */
export function relatedArticles(snapshot: LibrarySnapshot, place: Place, count = 3): RelatedArticle[] {
  const abroad = place.country.code !== 'US'
  const names = [place.name, ...(abroad ? [place.country.name, ...(countryAliases[place.country.code] ?? [])] : [])]
    .map((name) => ` ${fold(name)} `)
    .filter((name) => name.trim().length > 1)
  const articles = folded(snapshot)
  const mentionScore = ({ head, body }: FoldedArticle) =>
    names.reduce((score, name) => score + (head.includes(name) ? 2 : body.includes(name) ? 1 : 0), 0)
  const scored = articles.map((entry, index) => ({ entry, index, score: mentionScore(entry) }))
  const mentioning = scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.entry.article)
  const tagged = (tags: Set<string>) => snapshot.articles.filter((a) => a.tags.some((tag) => tags.has(tag)))

  const picks: StoredArticle[] = []
  const add = (list: StoredArticle[], upTo: number) => {
    for (const article of list) {
      if (picks.length >= upTo) return
      if (!picks.includes(article)) picks.push(article)
    }
  }
  // Abroad: the article naming the place most, then going-abroad ones (those naming it first);
  // one place is kept for job hunting, which concerns everyone.
  if (abroad) {
    add(mentioning, 1)
    const going = tagged(abroadTags)
    add([...mentioning.filter((a) => going.includes(a)), ...going], count - 1)
  } else add(mentioning, count - 1)
  add([...tagged(jobSearchTags), ...snapshot.articles.filter((a) => a.category.slug === jobSearchCategory)], count)
  add(snapshot.articles, count)
  return picks.map((a) => ({ title: a.title, url: `/articles/${a.slug}`, summary: a.summary, category: a.category.title }))
}
