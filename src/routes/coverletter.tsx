import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PageFrame } from '@/components/page-frame/page-frame'
import { CoverLetterBuilder } from '@/features/cover-letter'

export const Route = createFileRoute('/coverletter')({
  validateSearch: v.object({ open: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined) }),
  component: CoverLetterPage,
})

function CoverLetterPage() {
  const { open } = Route.useSearch()
  return (
    <PageFrame
      eyebrow="Builder"
      title="Cover Letter Builder"
      lead={<p>25% of recruiters consider a cover letter critical. Answer a few questions and get a letter that sounds like you.</p>}
    >
      <CoverLetterBuilder open={open} />
    </PageFrame>
  )
}
