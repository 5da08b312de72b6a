import { Link } from '@tanstack/react-router'
import { supportEmail } from '../contact-details'
import { LegalDocument, type LegalSection } from './legal-document'

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          Waypoint is a free career-advice platform for students and job seekers. It offers a library of career and admission articles with audio and
          ebooks, a resume builder, a cover-letter builder, salary and cost-of-living tools, pages about countries and cities, an AI career assistant
          and a newsletter. “We” and “us” mean Waypoint; “you” means anyone who uses the site.
        </p>
        <p>
          By using Waypoint you accept these terms. Our <Link to="/privacy-policy">Privacy Policy</Link>,{' '}
          <Link to="/cookie-policy">Cookie Policy</Link> and <Link to="/gdpr-compliance-statement">GDPR Compliance Statement</Link> explain how we
          handle your data and form part of the same agreement. If you do not agree, please do not use the service.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use Waypoint',
    body: (
      <p>
        Anyone may read the library and try the tools without an account. To create an account you must be at least 16, or have the consent of a
        parent or guardian who accepts these terms for you. You must also be allowed to use the service under the laws that apply to you.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account and its security',
    body: (
      <>
        <p>You can sign up with an e-mail address and password, or with Google or LinkedIn. When you have an account:</p>
        <ul>
          <li>give us an e-mail address that is yours and that you can read;</li>
          <li>keep your password to yourself and do not reuse one from another site;</li>
          <li>an account is for one person, so do not share it;</li>
          <li>sign out when you use a shared or public computer;</li>
          <li>
            tell us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a> straight away if you think someone else has used your account.
          </li>
        </ul>
        <p>You are responsible for what happens in your account, unless it results from a failure on our side.</p>
      </>
    ),
  },
  {
    id: 'free-service',
    title: 'A free service',
    body: (
      <p>
        The library and the tools are free. Some features need a free account: saving a resume or cover letter, seeing salary and cost-of-living
        results, downloading the eBook, keeping an audio playlist, country details and your profile. We do not ask for payment details. If we ever
        offer something that costs money, it will be optional, its price will be shown clearly before you decide, and it will come with its own terms.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>Waypoint works because people use it fairly. When you use it, you agree not to:</p>
        <ul>
          <li>
            <strong>scrape</strong> the site: no automated bulk copying of articles, audio, datasets or location pages, and no mirroring of them
            elsewhere;
          </li>
          <li>get around rate limits, access controls or security measures, or try to get into another person’s account;</li>
          <li>
            <strong>abuse the chat assistant</strong>: flooding it with requests, trying to make it reveal its instructions, using it to produce
            unlawful, hateful or harmful content, or running unrelated bulk work through it;
          </li>
          <li>
            <strong>upload other people’s personal data</strong> without their permission, for example by building a resume for someone who has not
            asked you to, or pasting someone else’s details into the chat;
          </li>
          <li>send malware, spam or harassing, misleading or unlawful messages through the contact form or newsletter;</li>
          <li>pretend to be someone else, or to speak for Waypoint.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    body: (
      <>
        <p>
          The resumes, cover letters and other text you write on Waypoint belong to you. You give us a limited, free, non-exclusive licence to store
          them, process them and show them back to you, for example in the preview or in a PDF you export. The licence is only for that purpose and
          ends when you delete the content or your account.
        </p>
        <p>
          We do not publish your documents, show them to employers, sell them, or use them to train AI models. You are responsible for what you write:
          describe your experience and qualifications truthfully.
        </p>
      </>
    ),
  },
  {
    id: 'our-content',
    title: 'Our content',
    body: (
      <p>
        The articles, audio, ebooks, resume templates (Cool, Visionary and Brilliant) and the design of the site belong to Waypoint or to those who
        licensed them to us. You may use them for your own studies and applications, and you may quote a short passage if you link back to the source.
        Republishing our articles or audio, in whole or in large parts, needs our written permission. Public statistics we display remain under their
        publishers’ own terms.
      </p>
    ),
  },
  {
    id: 'ai-assistant',
    title: 'The AI career assistant',
    body: (
      <>
        <p>
          The assistant answers from Waypoint’s own articles and data and shows the sources it used. When an external AI provider generates its
          answers, the chat window names that provider.
        </p>
        <p>
          Its answers are <strong>guidance, not professional advice</strong>. They can be incomplete, out of date or simply wrong. They are not legal,
          immigration, financial or medical advice, and they do not replace a careers adviser, an admissions office or an employer. Check anything
          important against the source it cites or with the organisation concerned before you act on it.
        </p>
      </>
    ),
  },
  {
    id: 'figures',
    title: 'Salary and cost-of-living figures',
    body: (
      <>
        <p>
          Our figures are <strong>estimates from public data</strong>. Salary insights come from US Bureau of Labor Statistics wage data.
          Cost-of-living comparisons come from the Bureau of Economic Analysis’s regional price parities and from World Bank price levels. Each result
          names its source and the year of the data, and results we have derived rather than copied are marked as estimates.
        </p>
        <p>
          Pay and prices vary with the employer, your experience, the exact neighbourhood, your household and time. Use the figures to get your
          bearings and prepare questions, not as a quote, an offer or a promise.
        </p>
      </>
    ),
  },
  {
    id: 'no-guarantee',
    title: 'No guarantee of jobs or admissions',
    body: (
      <p>
        Waypoint helps you prepare, but employers, universities and immigration authorities make their own decisions. We cannot guarantee an
        interview, a job offer, a place at a university, a scholarship or a visa, whatever tools or advice you use. Industry figures we quote, such as
        how many resumes pass a first screening, are widely cited estimates, not predictions about you.
      </p>
    ),
  },
  {
    id: 'third-party-links',
    title: 'Links to other websites',
    body: (
      <p>
        Articles, location pages and results link to official sources, universities and other websites. We choose those links with care, but we do not
        control those sites and are not responsible for their content, availability or privacy practices.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes to the service',
    body: (
      <p>
        We work to keep Waypoint running smoothly, but we cannot promise it will always be available or free of errors. We may need to pause it for
        maintenance, and we may add, change or retire features as the product develops. Keep your own copy of documents that matter to you, for
        example by exporting your resume as a PDF.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Ending your use',
    body: (
      <p>
        You can stop using Waypoint at any time and delete your account from <Link to="/userauth/settings">Settings</Link>. We may suspend or close an
        account that seriously or repeatedly breaks these terms, or that we must close by law. Where it is reasonable, we will warn you first and give
        you a chance to download your data. The sections on your content, liability and governing law continue to apply after an account is closed.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability',
    body: (
      <>
        <p>
          Waypoint is provided free of charge and as it is. As far as the law allows, we are not liable for indirect or consequential losses, such as
          a missed opportunity, or for decisions you make on the basis of articles, figures or assistant answers.
        </p>
        <p>
          Nothing in these terms limits liability that cannot be limited by law, such as liability for fraud or for death or personal injury caused by
          negligence, and nothing takes away the rights you have as a consumer.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the country where Waypoint is established, and its courts may hear any dispute about them. If you live
        elsewhere as a consumer, you keep the protection of the mandatory laws of your own country and may also bring a claim there.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms as Waypoint changes. The date at the top of this page shows the current version. If a change matters, we will tell
        account holders by e-mail or with a notice on the site before it takes effect. Continuing to use Waypoint after that means you accept the new
        terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms are welcome at <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or through our{' '}
        <Link to="/contact-us">contact form</Link>. We answer within two working days.
      </p>
    ),
  },
]

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms and Conditions"
      path="/terms-and-conditions"
      summary="The agreement between you and Waypoint when you use the site and its tools: what you can expect from us, and what we ask of you."
      sections={sections}
    />
  )
}
