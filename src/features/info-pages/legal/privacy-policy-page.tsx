import { Link } from '@tanstack/react-router'
import { LegalDocument, LegalTable, PrivacyEmail, type LegalSection } from './legal-document'

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who is responsible for your data',
    body: (
      <>
        <p>
          Waypoint is the controller of the personal data handled through this website, its builders, its chat assistant and the e-mails we send. That
          means we decide what is collected and why, and we answer for it.
        </p>
        <p>
          For anything about your data, write to <PrivacyEmail />. The same address reaches our data protection officer. Sites we link to, such as the
          statistics offices behind our salary and cost figures, have their own policies.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect and why',
    body: (
      <>
        <p>We only collect what a feature needs in order to work. Here is each piece and the reason for it.</p>

        <h3>Your account</h3>
        <p>
          To create an account we need an e-mail address and a password. We never store the password itself: we keep only an argon2id hash of it,
          which cannot be turned back into the password, so nobody at Waypoint can read or recover it. If you forget it, we e-mail you a link to set a
          new one.
        </p>
        <p>
          If you sign in with Google or LinkedIn instead, that provider tells us your e-mail address and the id of your account with them, and we
          record which provider you used. We do not receive your password, contacts or posts there, and we never post anything on your behalf.
        </p>

        <h3>Keeping you signed in</h3>
        <p>
          When you sign in we issue a short-lived access token and a refresh token that keeps you signed in for up to 30 days. We store refresh tokens
          only in hashed form. Each one is replaced every time it is used, and if an old one is ever presented again we end that whole session, which
          protects you if a token is stolen.
        </p>

        <h3>What you create</h3>
        <ul>
          <li>
            <strong>Resume and cover-letter drafts.</strong> What you type in the builders is kept in your browser’s IndexedDB storage on your own
            device. It is copied to our servers only when you save while signed in, so you can pick it up on another device. Drafts contain whatever
            you put in them, so include only what you are happy to store.
          </li>
          <li>
            <strong>Your playlist.</strong> The library audio you add to your playlist, and its order, is stored with your account.
          </li>
        </ul>

        <h3>When you write to us or subscribe</h3>
        <ul>
          <li>
            <strong>Newsletter.</strong> The e-mail address you subscribe with, used only to send the newsletter.
          </li>
          <li>
            <strong>Contact messages.</strong> Your name, e-mail address, the topic you chose and your message, used to answer you.
          </li>
        </ul>

        <h3>The AI career assistant</h3>
        <p>
          We store the questions you ask the assistant and its answers, linked to your account or, if you are not signed in, to a random guest id.
          When an external AI provider is configured, the chat window says so (for example “Powered by OpenAI”), and your question is sent to that
          provider together with the passages from our own content that are needed to answer it. When no provider is configured, the answer is
          produced entirely on our servers. Please do not type sensitive personal details into the chat.
        </p>

        <h3>Technical data</h3>
        <ul>
          <li>
            <strong>Server logs.</strong> Your IP address, browser user agent, the page or API address requested and the time. We use them to keep the
            service running and to investigate abuse.
          </li>
          <li>
            <strong>Rate-limit counters.</strong> To stop password guessing and spam, we count recent attempts to sign in, sign up, reset a password,
            subscribe and chat, per IP address and per account.
          </li>
          <li>
            <strong>Analytics.</strong> Which pages are visited and from where, recorded only if you accept analytics in the cookie banner. It is off
            by default. Our <Link to="/cookie-policy">Cookie Policy</Link> lists everything we store in your browser.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'legal-bases',
    title: 'Our legal bases',
    body: (
      <>
        <p>Data protection law only lets us use personal data when we have a legal basis. We rely on these:</p>
        <ul>
          <li>
            <strong>Contract:</strong> running the account you asked for, keeping you signed in, saving your drafts and playlist, and answering your
            questions in the chat.
          </li>
          <li>
            <strong>Consent:</strong> the newsletter and analytics. You can withdraw consent at any time, by unsubscribing or through “Cookie
            settings”, without affecting what happened before.
          </li>
          <li>
            <strong>Legitimate interests:</strong> security logs, rate limits, answering contact messages and keeping the service reliable. We have
            weighed these interests against your privacy and kept the data small and short-lived. You can object to them, as explained below.
          </li>
          <li>
            <strong>Legal obligation:</strong> where the law requires us to keep or disclose information.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'who-we-share-with',
    title: 'Who we share data with',
    body: (
      <>
        <p>
          We do not sell personal data, and we do not use it for advertising. A small number of service providers process data on our behalf, under
          written contracts that let them use it only to serve Waypoint:
        </p>
        <ul>
          <li>
            <strong>Hosting:</strong> the servers, database and backups that run Waypoint.
          </li>
          <li>
            <strong>E-mail delivery:</strong> sends password-reset links, the newsletter and our replies to you.
          </li>
          <li>
            <strong>AI provider, when enabled:</strong> receives the text of chat questions and the content excerpts needed to answer them, but not
            your e-mail address or password.
          </li>
        </ul>
        <p>
          If you choose to sign in with <strong>Google or LinkedIn</strong>, you deal with that company directly under its own privacy policy; it
          shares with us only what is described above. We may also disclose data to authorities when the law requires it.
        </p>
      </>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    body: (
      <p>
        Some of our providers may process data outside the country where you live, including in the United States. When data leaves the European
        Economic Area or the United Kingdom, we rely on an adequacy decision or on the standard contractual clauses approved for such transfers, and
        we check that the provider protects the data to the same standard. Ask us at <PrivacyEmail /> for a copy of the safeguards that apply.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <p>We keep data only as long as it serves the purpose it was collected for:</p>
        <LegalTable
          caption="Retention periods"
          columns={['Data', 'How long we keep it']}
          rows={[
            ['Account: e-mail, password hash, sign-in provider and id', 'Until you delete your account'],
            ['Refresh tokens (sign-in sessions)', '30 days, or until you sign out'],
            ['Password-reset links', '1 hour, and they work only once'],
            ['Drafts in your browser', 'Until you clear them'],
            ['Drafts saved to your account, and your playlist', 'Until you delete them or your account'],
            ['Newsletter address', 'Until you unsubscribe'],
            ['Contact messages', '24 months'],
            ['Chat history with the assistant', '30 days'],
            ['Server logs', '14 days'],
            ['Rate-limit counters', 'A few minutes'],
            ['Analytics (only with consent)', '13 months'],
          ]}
        />
        <p>
          Deleted data can survive in backups for up to 30 days, until those backups rotate out. We never restore it from a backup into the live
          service.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>You have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> the data we hold about you, and <strong>export</strong> it in a machine-readable form;
          </li>
          <li>
            <strong>rectify</strong> it if it is wrong;
          </li>
          <li>
            <strong>erase</strong> it;
          </li>
          <li>
            <strong>object</strong> to processing based on legitimate interests, and ask us to restrict processing while a question is settled;
          </li>
          <li>withdraw any consent you gave;</li>
          <li>
            <strong>complain</strong> to a data protection supervisory authority, in particular in the country where you live or work. We would
            appreciate the chance to put things right first.
          </li>
        </ul>
        <p>
          If you have an account, <Link to="/userauth/settings">Settings</Link> lets you download your data (“Download my data”) and delete your
          account (“Delete my account”) yourself. For everything else write to <PrivacyEmail />. We answer within one month. Our{' '}
          <Link to="/gdpr-compliance-statement">GDPR Compliance Statement</Link> explains each step in detail.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Many of our readers are still at school, but Waypoint is not meant for children under 16 without the consent of a parent or guardian. If you
        are under 16, please ask a parent or guardian before you create an account. If we learn that an account belongs to a child under 16 without
        that consent, we will delete it. Parents and guardians can contact us at <PrivacyEmail />.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect your data',
    body: (
      <>
        <p>Security is part of how Waypoint is built, not an afterthought:</p>
        <ul>
          <li>all traffic between your browser and Waypoint is encrypted in transit;</li>
          <li>passwords are stored only as argon2id hashes, and refresh tokens and reset links only as hashes;</li>
          <li>access tokens expire after 15 minutes, and refresh tokens rotate each time they are used;</li>
          <li>sign-in, sign-up, password reset, newsletter and chat are rate limited;</li>
          <li>every response carries strict security headers, and chat answers are cleaned before they are displayed;</li>
          <li>only the people who run the service can reach production data, and only when they need to.</li>
        </ul>
        <p>
          No system is perfectly secure. If a breach ever puts your data at risk, we will tell the supervisory authority and, where the risk to you is
          high, tell you directly.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When Waypoint changes how it handles personal data, we update this page and the date at the top. If a change matters, we will tell account
        holders by e-mail or with a notice on the site before it takes effect.
      </p>
    ),
  },
]

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      path="/privacy-policy"
      summary="What personal data Waypoint handles, why, who else sees it and for how long. In short: we collect what the tools need, we name our processors, and you can download or delete your data at any time."
      sections={sections}
    />
  )
}
