// The ebooks feature has two entry points. This one is tiny on purpose: the home page imports
// it on first paint to pick up a download that waited for sign-in. Everything that fetches or
// draws (the list, the download, the cards, the toast) is in ./components, which the home page
// loads with its lower sections.
export { takePendingEbook, type PendingEbook } from './pending-ebook'
