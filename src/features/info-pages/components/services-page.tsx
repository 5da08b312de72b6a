import { Link } from '@tanstack/react-router'
import { ArrowRight, BookOpen, ChartColumn, FileUser, Globe, MessageCircle, Newspaper, PenLine, Wallet, type LucideIcon } from 'lucide-react'
import { PageFrame } from '@/components/page-frame/page-frame'
import styles from './services-page.module.css'

type ToolPath = '/library' | '/countries' | '/resume' | '/coverletter' | '/salary' | '/living-cost'

type Service = {
  id: string
  name: string
  icon: LucideIcon
  description: string
  /** What needs a (free) account, or where to find a tool that has no page of its own. */
  note: string
  link?: { to: ToolPath; label: string }
}

type ServiceGroup = { id: string; title: string; intro: string; services: Service[] }

const serviceGroups: ServiceGroup[] = [
  {
    id: 'learn',
    title: 'Read and listen',
    intro: 'Guides written by our editorial team, with the sources they rely on.',
    services: [
      {
        id: 'library',
        name: 'Articles library',
        icon: BookOpen,
        description:
          'Career and admission guides in eight categories, from internships and standardized tests to interview tips, each with a narrated audio version, plus ebooks to download.',
        note: 'The eBook and your audio playlist need a free account.',
        link: { to: '/library', label: 'Open the Articles library' },
      },
      {
        id: 'countries',
        name: 'Countries',
        icon: Globe,
        description: 'Studying or working abroad? Find pages for countries and their cities, with what to expect before you move.',
        note: 'Country details need a free account.',
        link: { to: '/countries', label: 'Open Countries' },
      },
    ],
  },
  {
    id: 'build',
    title: 'Build your application',
    intro: 'Drafts are kept in your browser as you type, so nothing is lost.',
    services: [
      {
        id: 'resume',
        name: 'Resume Builder',
        icon: FileUser,
        description:
          'Fill in your experience once, watch the preview update as you type, and export a PDF. Choose from three templates: Cool, Visionary and Brilliant.',
        note: 'Saving your resume needs a free account.',
        link: { to: '/resume', label: 'Open Resume Builder' },
      },
      {
        id: 'cover-letter',
        name: 'Cover Letter Builder',
        icon: PenLine,
        description: 'Answer guided questions about the job, your strengths and your background, and get a structured letter to edit and export.',
        note: 'Saving your letter needs a free account.',
        link: { to: '/coverletter', label: 'Open Cover Letter Builder' },
      },
    ],
  },
  {
    id: 'plan',
    title: 'Plan the move',
    intro: 'Official figures, with the source and year shown next to every result.',
    services: [
      {
        id: 'salary',
        name: 'Salary Insights',
        icon: ChartColumn,
        description: 'See pay ranges for a job in a given place, from low to high, based on official US Bureau of Labor Statistics wage data.',
        note: 'Results need a free account.',
        link: { to: '/salary', label: 'Open Salary Insights' },
      },
      {
        id: 'cost-of-living',
        name: 'Cost of Living',
        icon: Wallet,
        description: 'Find out what a month costs in a city and compare two places, using BEA regional price parities and World Bank price levels.',
        note: 'Results need a free account.',
        link: { to: '/living-cost', label: 'Open Cost of Living' },
      },
    ],
  },
  {
    id: 'help',
    title: 'Help along the way',
    intro: 'Available on every page, with or without an account.',
    services: [
      {
        id: 'assistant',
        name: 'AI career assistant',
        icon: MessageCircle,
        description:
          'Ask a question and get an answer drawn from Waypoint’s own articles and data, with the sources it used. The chat names its AI provider whenever one is involved.',
        note: 'Open it with the chat button at the bottom right of any page.',
      },
      {
        id: 'newsletter',
        name: 'Newsletter',
        icon: Newspaper,
        description: 'One e-mail a fortnight with new guides, application deadlines and tool updates. Unsubscribe in one click.',
        note: 'Subscribe with the form at the bottom of any page.',
      },
    ],
  },
]

export function ServicesPage() {
  return (
    <PageFrame
      title="Our services"
      eyebrow="Services"
      lead={<p>Everything Waypoint offers is free. Browse as a guest, or create a free account to save your work and see results and downloads.</p>}
    >
      <div className={styles.groups}>
        {serviceGroups.map((group) => (
          <section key={group.id} className={styles.group} aria-labelledby={`services-${group.id}`}>
            <div className={styles.groupHeader}>
              <h2 id={`services-${group.id}`} className={styles.groupTitle}>
                {group.title}
              </h2>
              <p className={styles.groupIntro}>{group.intro}</p>
            </div>
            <ul className={styles.cards}>
              {group.services.map((service) => (
                <li key={service.id}>
                  <ServiceCard service={service} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </PageFrame>
  )
}

/** One tool: a card whose only link covers the whole card, so any click on it opens the tool. */
function ServiceCard({ service }: { service: Service }) {
  const titleId = `service-${service.id}`
  return (
    <article className={styles.card} data-linked={service.link ? true : undefined} aria-labelledby={titleId}>
      <span className={styles.icon} aria-hidden="true">
        <service.icon size={24} />
      </span>
      <h3 id={titleId} className={styles.cardTitle}>
        {service.name}
      </h3>
      <p className={styles.free}>Free</p>
      <p className={styles.description}>{service.description}</p>
      <p className={styles.note}>{service.note}</p>
      {service.link ? (
        <Link to={service.link.to} className={styles.link}>
          {service.link.label}
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      ) : null}
    </article>
  )
}
