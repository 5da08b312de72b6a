/** The id of the JSON block after #root that carries the data a page's copy was rendered from (src/app/prerender-page.ts writes it, src/app/main.tsx reads it). */
export const PAGE_DATA_ID = 'page-data'
