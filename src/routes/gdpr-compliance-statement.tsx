import { createFileRoute } from '@tanstack/react-router'
import { GdprStatementPage } from '@/features/info-pages'

export const Route = createFileRoute('/gdpr-compliance-statement')({
  component: GdprStatementPage,
})
