import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PageFrame } from '@/components/page-frame/page-frame'
import { CoverLetterBuilder } from '@/features/cover-letter'
import { coverLetterPrefill } from '@/features/cover-letter/prefill-search'

export const Route = createFileRoute('/coverletter')({
  validateSearch: v.object({ open: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined), ...coverLetterPrefill }),
  component: CoverLetterPage,
})

function CoverLetterPage() {
  const { open, situation, gap, role, from } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <PageFrame
      eyebrow="Builder"
      title="Cover Letter Builder"
      lead={<p>25% of recruiters consider a cover letter critical. Answer a few questions and get a letter that sounds like you.</p>}
    >
      <CoverLetterBuilder
        open={open}
        prefill={{ situation, gap, role, from }}
        // Filled in once: the address loses the answers so a reload does not overwrite edits.
        onPrefilled={() => void navigate({ search: { open }, replace: true })}
      />
    </PageFrame>
  )
}
