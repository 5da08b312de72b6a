/** Addresses and dates quoted across the information and legal pages. */
export const supportEmail = 'support@waypoint.careers'
export const privacyEmail = 'privacy@waypoint.careers'

/** The date every legal page shows as "Last updated". */
export const legalLastUpdated = { label: '21 November 2026', iso: '2026-11-21' } as const
