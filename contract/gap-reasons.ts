// The reasons a cover letter may give for a gap in work (contract/cover-letter.ts), in a file of
// their own: the app's start needs them (the /coverletter address's answers) without the letter's
// schemas.
export const gapReasons = ['none', 'caregiving', 'study', 'health', 'relocation', 'job-search', 'travel', 'other'] as const
export type GapReason = (typeof gapReasons)[number]
