import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '@/components/coming-soon/coming-soon'
import { PageFrame } from '@/components/page-frame/page-frame'

export const Route = createFileRoute('/$country/$location')({
  component: LocationPage,
})

/** Display name from a slug until the location data arrives: 'new-york-ny' → 'New York Ny'. */
function titleFromSlug(slug: string) {
  return decodeURIComponent(slug)
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1))
    .join(' ')
}

function LocationPage() {
  const { country, location } = Route.useParams()
  return (
    <PageFrame eyebrow={titleFromSlug(country)} title={titleFromSlug(location)}>
      <ComingSoon
        feature="This location page"
        promises={['See typical pay and living costs here, with their official sources', 'Compare it with other cities']}
      />
    </PageFrame>
  )
}
