import { createFileRoute } from '@tanstack/react-router'
import { AboutPage } from '@/features/info-pages'

export const Route = createFileRoute('/about-us')({
  component: AboutPage,
})
