import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '@/components/coming-soon/coming-soon'
import { PageFrame } from '@/components/page-frame/page-frame'
import { SignInToSave } from '@/features/auth'

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
      <ComingSoon
        feature="The resume builder"
        promises={[
          'Fill in each section with a live preview beside it',
          'Choose the cool, visionary or brilliant template and your own colours and fonts',
          'Download a PDF whose text applicant tracking systems can read',
          'Keep your draft in this browser, even offline, and save it to your account',
        ]}
      >
        <SignInToSave loginfrom="resume" what="resume" />
      </ComingSoon>
    </PageFrame>
  )
}
