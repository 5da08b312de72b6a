import { createFileRoute } from '@tanstack/react-router'
import { PageFrame } from '@/components/page-frame/page-frame'
import { CoverLetterBuilder } from '@/features/cover-letter'

export const Route = createFileRoute('/coverletter')({
  component: CoverLetterPage,
})

function CoverLetterPage() {
  return (
    <PageFrame
      eyebrow="Builder"
      title="Cover Letter Builder"
      lead={<p>25% of recruiters consider a cover letter critical. Answer a few questions and get a letter that sounds like you.</p>}
    >
      <CoverLetterBuilder />
    </PageFrame>
  )
}
