export { SiteLayout } from './components/site-layout'
export { menuGroups, legalLinks, exploreLinks } from './nav'
export { OfflineNotice, offlineMessage } from './components/offline-notice'
