import { Link } from '@tanstack/react-router'
import { LegalDocument, LegalTable, PrivacyEmail, type LegalSection } from './legal-document'

const sections: LegalSection[] = [
  {
    id: 'browser-storage',
    title: 'Cookies and other browser storage',
    body: (
      <>
        <p>
          A cookie is a small piece of text a website asks your browser to keep and send back on later visits. Browsers also offer two other places to
          keep data: <strong>localStorage</strong>, a simple store of named values, and <strong>IndexedDB</strong>, a small database inside the
          browser. Waypoint uses all three. Everything they hold stays on your device, and only Waypoint can read what Waypoint puts there.
        </p>
        <p>
          This policy lists each item we store, what it is for and how long it lasts. It applies to the whole of Waypoint. Our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link> covers what happens to data on our servers.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-store',
    title: 'What we store and why',
    body: (
      <>
        <LegalTable
          caption="Cookies and browser storage used by Waypoint"
          columns={['Name', 'Purpose', 'Type', 'Duration']}
          rows={[
            [
              <>
                <code>accessToken</code> (cookie)
              </>,
              'Proves that you are signed in when the page calls the Waypoint API.',
              'Strictly necessary',
              '15 minutes, renewed while you stay signed in',
            ],
            [
              <>
                <code>guest_token</code> (cookie)
              </>,
              'A random 16-character guest id, so the chat assistant and the tools work without an account and usage limits apply fairly. It contains nothing about you.',
              'Necessary',
              '1 year',
            ],
            [
              <>
                <code>waypoint_consent</code> (cookie)
              </>,
              'Remembers your cookie choice (necessary only, or with analytics), so the banner does not ask again. It survives signing out.',
              'Strictly necessary',
              '180 days',
            ],
            [
              <>
                <code>oauth_state</code> (cookie, only readable by the server)
              </>,
              'Ties a Google or LinkedIn sign-in to the browser that started it, so nobody can finish it from elsewhere.',
              'Strictly necessary',
              '10 minutes, during a social sign-in only',
            ],
            [
              <>
                <code>waypoint:auth</code> (localStorage)
              </>,
              'Your session: the e-mail address you signed in with and the tokens that keep you signed in.',
              'Strictly necessary',
              'Until you sign out',
            ],
            [
              <>
                Persisted settings (localStorage, names starting <code>waypoint:</code>)
              </>,
              'Remembers your music player settings, your plan and your conversation with the career assistant between visits (and, for testers who open it, the state-machine inspector setting).',
              'Necessary for the features you use',
              'Until you clear them',
            ],
            [
              'Builder drafts (IndexedDB)',
              'Your resume and cover-letter drafts, so nothing is lost if you close the tab or lose your connection.',
              'Necessary for the builders',
              'Until you clear them',
            ],
            [
              'Offline copy of the app (Cache Storage, caches named waypoint-)',
              'The files that make up Waypoint itself (pages, scripts, styles, fonts, icons), kept by its service worker so the site and your drafts open even without a connection. None of your personal data is in it.',
              'Necessary for offline use',
              'Until a new version of Waypoint replaces it, or you clear site data',
            ],
            [
              'Analytics cookies (set by our tag manager)',
              'Count visits and show which pages are useful. Only when the operator runs a tag manager, and only after you accept analytics in the consent banner. Without a tag manager, page views (the page path and the previous page path, never your IP address or account) are counted by Waypoint itself, also only with your consent, and no analytics cookie is set.',
              'Analytics, optional and off by default',
              'Up to 13 months',
            ],
          ]}
        />
        <p>We do not use advertising cookies, we do not build profiles of you across other websites, and we do not sell what we learn.</p>
      </>
    ),
  },
  {
    id: 'necessary-storage',
    title: 'Storage we cannot do without',
    body: (
      <>
        <p>
          Everything in the table except analytics is needed for a feature you choose to use: signing in, chatting with the assistant, building a
          resume or letter, or listening to the library. The law allows this kind of storage without asking first, because the site cannot do what you
          asked without it. We still list it here so you know exactly what is on your device.
        </p>
        <p>
          Your drafts deserve a special word. Until you save while signed in, the copy in your browser’s IndexedDB is the only copy. Waypoint cannot
          see it and cannot recover it for you.
        </p>
      </>
    ),
  },
  {
    id: 'analytics',
    title: 'Analytics, only with your consent',
    body: (
      <>
        <p>
          When you first visit, a consent banner asks whether you accept analytics. Analytics is off until you say yes. If you decline or simply
          ignore the banner, the tag manager is not loaded, no analytics cookies are set and no visit is recorded.
        </p>
        <p>
          If you accept, we record which Waypoint pages are visited and the page that led there. We use this to learn which guides and tools help
          people and which need work. We do not use it to identify you, and it is not shared with advertisers.
        </p>
      </>
    ),
  },
  {
    id: 'other-sites',
    title: 'Cookies from other websites',
    body: (
      <p>
        When you choose “Continue with Google” or “Continue with LinkedIn”, you briefly visit that company’s sign-in page, which uses its own cookies
        under its own policy. The same applies when you follow a link to one of our sources, such as the US Bureau of Labor Statistics or the World
        Bank, or to our social media pages. Waypoint pages themselves do not embed advertising or social-media tracking.
      </p>
    ),
  },
  {
    id: 'change-your-choice',
    title: 'Changing your choice',
    body: (
      <>
        <p>You can change your mind about analytics whenever you like:</p>
        <ul>
          <li>
            choose <strong>Cookie settings</strong> at the bottom of any page, or
          </li>
          <li>
            if you are signed in, open <Link to="/userauth/settings">Settings</Link> and choose <strong>Cookie settings</strong> there.
          </li>
        </ul>
        <p>If you withdraw consent, we remove the analytics cookies we can reach and stop recording visits from that moment.</p>
      </>
    ),
  },
  {
    id: 'clear-storage',
    title: 'Clearing what is stored',
    body: (
      <>
        <p>You stay in control of everything on your device:</p>
        <ul>
          <li>
            <strong>Signing out</strong> removes <code>waypoint:auth</code> and the <code>accessToken</code> cookie.
          </li>
          <li>
            <strong>Clearing a draft</strong> in the resume or cover-letter builder removes it from IndexedDB.
          </li>
          <li>
            <strong>Your browser’s settings</strong> can delete all cookies and site data for Waypoint. Look for “Privacy”, “Cookies and site data” or
            “Clear browsing data”, and choose this site or all sites.
          </li>
          <li>
            <strong>A private or incognito window</strong> throws everything away when you close it.
          </li>
        </ul>
        <p>
          Clearing site data deletes drafts that you have not saved to your account, so save or export them first. If you block necessary cookies
          altogether, signing in and the builders will not work.
        </p>
      </>
    ),
  },
  {
    id: 'changes-and-questions',
    title: 'Changes and questions',
    body: (
      <p>
        If we add, remove or change anything we store in your browser, we update the table above and the date at the top of this page. A new kind of
        optional cookie will never be set until you have agreed to it. Questions about this policy are welcome at <PrivacyEmail />.
      </p>
    ),
  },
]

export function CookiePolicyPage() {
  return (
    <LegalDocument
      title="Cookie Policy"
      path="/cookie-policy"
      summary="Exactly what Waypoint keeps in your browser, why, and for how long. Only what the site needs is stored by default; analytics waits for your permission."
      sections={sections}
    />
  )
}
