import { createFileRoute } from '@tanstack/react-router'
import { ServicesPage } from '@/features/info-pages'

export const Route = createFileRoute('/services')({
  component: ServicesPage,
})
