import { Link } from '@tanstack/react-router'
import { LegalDocument, LegalTable, PrivacyEmail, type LegalSection } from './legal-document'

const sections: LegalSection[] = [
  {
    id: 'our-commitment',
    title: 'Our commitment',
    body: (
      <>
        <p>
          Waypoint follows the General Data Protection Regulation (GDPR) and its UK equivalent. We give the same rights to everyone who uses Waypoint,
          wherever they live. This statement says what data we keep, for how long, and exactly how you can get a copy of it or have it erased.
        </p>
        <p>
          Waypoint is the controller of your personal data. Our <Link to="/privacy-policy">Privacy Policy</Link> describes each kind of data in more
          detail.
        </p>
      </>
    ),
  },
  {
    id: 'principles',
    title: 'Data protection principles',
    body: (
      <>
        <p>These principles shape how Waypoint is built:</p>
        <ul>
          <li>
            <strong>Lawful, fair and transparent:</strong> every use of data has a legal basis, listed in the table below.
          </li>
          <li>
            <strong>Purpose limitation:</strong> data collected for one feature is not reused for something unrelated, and never for advertising.
          </li>
          <li>
            <strong>Data minimisation:</strong> builder drafts stay in your browser until you choose to save them, and visitors without an account are
            known only by a random guest id.
          </li>
          <li>
            <strong>Accuracy:</strong> you can correct your details at any time, or ask us to.
          </li>
          <li>
            <strong>Storage limitation:</strong> each kind of data has a fixed retention period.
          </li>
          <li>
            <strong>Integrity and confidentiality:</strong> passwords are hashed with argon2id, tokens and reset links are stored hashed, and all
            traffic is encrypted.
          </li>
          <li>
            <strong>Accountability:</strong> we keep a record of our processing, sign data processing agreements with our providers, and review both
            whenever a feature changes.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'data-we-keep',
    title: 'What we keep, why, and for how long',
    body: (
      <>
        <LegalTable
          caption="Personal data kept by Waypoint"
          columns={['Data', 'Purpose', 'Legal basis', 'Retention']}
          rows={[
            [
              'Account: e-mail, password hash, sign-in provider and account id',
              'Create your account and let you sign in',
              'Contract',
              'Until you delete your account',
            ],
            ['Sign-in sessions (hashed refresh tokens)', 'Keep you signed in', 'Contract', '30 days'],
            ['Password-reset links', 'Let you choose a new password', 'Contract', '1 hour, single use'],
            [
              'Resume and cover-letter drafts',
              'Build and save your documents',
              'Contract',
              'In your browser until you clear them; on our servers until you delete them or your account',
            ],
            ['Playlist', 'Keep your library audio queue', 'Contract', 'Until you delete it or your account'],
            ['Newsletter address', 'Send the newsletter', 'Consent', 'Until you unsubscribe'],
            ['Contact messages', 'Answer your question', 'Legitimate interests', '24 months'],
            [
              'Chat history with the assistant',
              'Answer follow-up questions in context and look into reported problems',
              'Contract; legitimate interests for guests',
              '30 days',
            ],
            ['Server logs (IP address, user agent)', 'Security and troubleshooting', 'Legitimate interests', '14 days'],
            ['Rate-limit counters (IP address, account)', 'Stop password guessing and spam', 'Legitimate interests', 'Minutes'],
            ['Analytics, only if you accept', 'Learn which pages help', 'Consent', '13 months'],
          ]}
        />
      </>
    ),
  },
  {
    id: 'export-your-data',
    title: 'How to get a copy of your data',
    body: (
      <>
        <p>If you have an account, you can download everything we hold about you in a few seconds:</p>
        <ol>
          <li>Sign in to Waypoint.</li>
          <li>
            Open <Link to="/userauth/settings">Settings</Link> from the menu under your e-mail address.
          </li>
          <li>
            Choose <strong>Download my data</strong>.
          </li>
        </ol>
        <p>
          Your browser saves a JSON file with your account details, sign-in providers, saved resumes and cover letters, playlist and chat history with
          the assistant. JSON is a standard, machine-readable format, so you can open it in a text editor or import it elsewhere. Developers can fetch
          the same file from <code>GET /api/users/me/export</code> with their access token.
        </p>
        <p>
          Drafts you never saved while signed in exist only in your browser, so they are not part of the export. Use the builder’s own export to keep
          a copy.
        </p>
      </>
    ),
  },
  {
    id: 'erase-your-data',
    title: 'How to erase your data',
    body: (
      <>
        <ol>
          <li>
            Open <Link to="/userauth/settings">Settings</Link> while signed in.
          </li>
          <li>
            Choose <strong>Delete my account</strong> and confirm.
          </li>
        </ol>
        <p>
          This erases your account and everything linked to it: saved resumes and cover letters, playlist, sign-in sessions and chat history. You are
          signed out on every device. The data leaves our live systems at once and disappears from backups within 30 days, as the backups rotate.
        </p>
        <p>
          Some data is not tied to your account. Unsubscribe from the newsletter with the link at the bottom of any issue, and clear drafts from your
          browser in the builders or in your browser’s settings. To have contact messages deleted before their 24 months are up, write to us.
        </p>
      </>
    ),
  },
  {
    id: 'without-an-account',
    title: 'If you do not have an account',
    body: (
      <p>
        Write to <PrivacyEmail /> from the e-mail address your request is about, for example the one you subscribed to the newsletter with or used in
        a contact message, and tell us whether you want a copy, a correction or erasure. For questions you asked the assistant as a guest, tell us
        roughly when you asked them. Guest chat history is deleted after 30 days in any case.
      </p>
    ),
  },
  {
    id: 'response-times',
    title: 'How quickly we respond',
    body: (
      <p>
        We answer every request within one month of receiving it. If a request is unusually complex, the law lets us take up to two further months; we
        would tell you within the first month and explain why. Requests are free of charge. To protect you, we may ask you to confirm that the request
        comes from you, usually by replying from the e-mail address on the account.
      </p>
    ),
  },
  {
    id: 'other-rights',
    title: 'Your other rights',
    body: (
      <>
        <p>Besides a copy and erasure, you can ask us to:</p>
        <ul>
          <li>correct data that is wrong or incomplete;</li>
          <li>restrict processing while a question about your data is being settled;</li>
          <li>stop processing based on legitimate interests, unless we have compelling grounds to continue;</li>
          <li>stop processing based on consent: unsubscribe, or turn analytics off in “Cookie settings”.</li>
        </ul>
        <p>
          You may also complain to a data protection supervisory authority, in particular in the country where you live or work, or where you think
          the problem happened. We would appreciate the chance to help first.
        </p>
      </>
    ),
  },
  {
    id: 'processors',
    title: 'Processors',
    body: (
      <>
        <p>These providers process personal data for us, under data processing agreements:</p>
        <ul>
          <li>
            <strong>Hosting:</strong> stores and serves all data held on our servers, including backups.
          </li>
          <li>
            <strong>E-mail delivery:</strong> receives the e-mail addresses and content of the messages we send, such as reset links, the newsletter
            and replies.
          </li>
          <li>
            <strong>AI provider, only when enabled:</strong> receives chat questions and the content excerpts used to answer them, never your e-mail
            address or password.
          </li>
        </ul>
        <p>
          Google and LinkedIn act as independent controllers when you choose to sign in with them. Where a provider processes data outside the
          European Economic Area or the United Kingdom, the transfer is covered by an adequacy decision or by standard contractual clauses.
        </p>
      </>
    ),
  },
  {
    id: 'breach-notification',
    title: 'Security and breach notification',
    body: (
      <>
        <p>
          We protect data with encryption in transit, hashed passwords and tokens, short-lived access tokens, rate limits and strict access control.
          If a personal data breach happens anyway, we will:
        </p>
        <ol>
          <li>contain it and find out what was affected;</li>
          <li>
            notify the competent supervisory authority within <strong>72 hours</strong> of becoming aware of it, unless it is unlikely to put anyone’s
            rights at risk;
          </li>
          <li>tell you without undue delay if the risk to you is high, explaining what happened and what you can do to protect yourself;</li>
          <li>record every breach and what we changed as a result.</li>
        </ol>
      </>
    ),
  },
  {
    id: 'dpo',
    title: 'Data protection officer',
    body: (
      <p>
        Our data protection officer oversees this statement and how we apply it. You can reach them at <PrivacyEmail />; write “For the DPO” in the
        subject line and your message goes straight to them.
      </p>
    ),
  },
]

export function GdprStatementPage() {
  return (
    <LegalDocument
      title="GDPR Compliance Statement"
      path="/gdpr-compliance-statement"
      summary="How Waypoint meets the GDPR in practice: what we keep, why and for how long, and the exact steps to export or erase your data."
      sections={sections}
    />
  )
}
