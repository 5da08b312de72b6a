export const SPEC_ROUTES: string[]
