import { createFileRoute } from '@tanstack/react-router'
import { CookiePolicyPage } from '@/features/info-pages'

export const Route = createFileRoute('/cookie-policy')({
  component: CookiePolicyPage,
})
