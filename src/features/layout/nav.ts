/** The menu groups of spec section 1, shared by the top bar, burger menu and footer. */
export type NavItem = { label: string; to: string; description: string }
export type NavGroup = { label: 'Library' | 'Builder' | 'Services'; items: NavItem[] }

export const menuGroups: NavGroup[] = [
  {
    label: 'Library',
    items: [
      { label: 'Articles', to: '/library', description: 'Career and admission guides, with audio' },
      { label: 'Countries', to: '/countries', description: 'Study and work abroad, country by country' },
    ],
  },
  {
    label: 'Builder',
    items: [
      { label: 'Resume Builder', to: '/resume', description: 'Three templates, live preview, PDF export' },
      { label: 'Cover Letter Builder', to: '/coverletter', description: 'A guided letter written from your answers' },
    ],
  },
  {
    label: 'Services',
    items: [
      { label: 'Salary Insights', to: '/salary', description: 'Pay ranges by job and place, from official data' },
      { label: 'Cost of Living', to: '/living-cost', description: 'What a month costs, city by city' },
    ],
  },
]

export const exploreLinks = [
  { label: 'About us', to: '/about-us' },
  { label: 'Our services', to: '/services' },
  { label: 'Articles', to: '/library' },
  { label: 'Posts', to: '/posts' },
  { label: 'Countries', to: '/countries' },
  { label: 'Contact us', to: '/contact-us' },
] as const

export const legalLinks = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
  { label: 'Terms and Conditions', to: '/terms-and-conditions' },
  { label: 'GDPR Compliance Statement', to: '/gdpr-compliance-statement' },
] as const

/** Spec section 9. */
export const SCROLL_THRESHOLD_PX = 450
export const MOBILE_BREAKPOINT_PX = 992

/** Spec section 2: the footer restyles on these paths. */
export function footerVariantFor(pathname: string): 'default' | 'soft' {
  const markers = ['library', 'posts', 'salary/', 'contact-us', '/living-cost/']
  return markers.some((marker) => pathname.includes(marker)) ? 'soft' : 'default'
}
