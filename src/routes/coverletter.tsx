import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '@/components/coming-soon/coming-soon'
import { PageFrame } from '@/components/page-frame/page-frame'
import { SignInToSave } from '@/features/auth'

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
      <ComingSoon
        feature="The cover-letter builder"
        promises={[
          'Answer guided questions about the job, your strengths and your background',
          'Get an opening, body and call to action written from your answers',
          'Download it as a PDF and save it to your account',
        ]}
      >
        <SignInToSave loginfrom="cover" what="cover letter" />
      </ComingSoon>
    </PageFrame>
  )
}
