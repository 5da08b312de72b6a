// Ebook cards, the download toast and the calls behind them, loaded with the home page's lower
// sections (see index.ts for why they are apart).
export { EbookCard } from './components/ebook-card'
export { EbookDownloadToast } from './components/download-toast'
export { ebooksQueryOptions } from './api/get-ebooks'
export { startEbookDownload } from './download-store'
