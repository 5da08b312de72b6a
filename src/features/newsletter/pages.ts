// The newsletter's link pages, kept out of index.ts: the footer imports index.ts on every page.
export { NewsletterLink } from './components/newsletter-link'
