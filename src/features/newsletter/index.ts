// The link pages (confirm, unsubscribe) are in ./pages, loaded with their routes: the footer imports this index on every page.
export { NewsletterForm } from './components/newsletter-form'
