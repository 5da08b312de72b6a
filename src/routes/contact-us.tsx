import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '@/features/info-pages'

export const Route = createFileRoute('/contact-us')({
  component: ContactPage,
})
