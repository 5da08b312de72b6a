import { createFileRoute } from '@tanstack/react-router'
import { PageFrame } from '@/components/page-frame/page-frame'
import { ResumeBuilder } from '@/features/resume'

export const Route = createFileRoute('/resume')({
  component: ResumePage,
})

function ResumePage() {
  return (
    <PageFrame
      eyebrow="Builder"
      title="Resume Builder"
      lead={<p>Only 2% of resumes make it past the first round. Build one that does, in three clean templates.</p>}
    >
      <ResumeBuilder />
    </PageFrame>
  )
}
