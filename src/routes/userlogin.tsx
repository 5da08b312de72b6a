import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { authStore, loginFromSchema } from '@/features/auth'
import { SignInPage } from '@/features/auth/pages'
import { redirectPath } from '@/lib/search-schemas'

const searchSchema = v.object({
  loginfrom: v.fallback(v.optional(loginFromSchema), undefined),
  redirect: v.fallback(v.optional(redirectPath), undefined),
})

export const Route = createFileRoute('/userlogin')({
  validateSearch: searchSchema,
  beforeLoad: ({ search }) => {
    // Already signed in: nothing to do here, go on.
    if (authStore.isLoggedIn()) throw redirect({ href: search.redirect ?? '/' })
  },
  component: UserLoginPage,
})

function UserLoginPage() {
  const { loginfrom, redirect: to } = Route.useSearch()
  return <SignInPage loginfrom={loginfrom} redirect={to} />
}
