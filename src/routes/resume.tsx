import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PageFrame } from '@/components/page-frame/page-frame'
import { ResumeBuilder } from '@/features/resume'

export const Route = createFileRoute('/resume')({
  validateSearch: v.object({ open: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined) }),
  component: ResumePage,
})

function ResumePage() {
  const { open } = Route.useSearch()
  return (
    <PageFrame
      eyebrow="Builder"
      title="Resume Builder"
      lead={<p>Only 2% of resumes make it past the first round. Build one that does, in three clean templates.</p>}
    >
      <ResumeBuilder open={open} />
    </PageFrame>
  )
}
