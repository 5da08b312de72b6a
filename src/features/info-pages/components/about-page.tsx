import { Link } from '@tanstack/react-router'
import { BadgeCheck, BookOpenCheck, Briefcase, GraduationCap, Plane, Repeat, ShieldCheck, Sparkles, type LucideIcon } from 'lucide-react'
import { buttonClass } from '@/components/button/button'
import { PageFrame } from '@/components/page-frame/page-frame'
import styles from './about-page.module.css'

type Point = { icon: LucideIcon; title: string; text: string }

const audiences: Point[] = [
  {
    icon: GraduationCap,
    title: 'Students',
    text: 'Choosing a course, applying to university, preparing for standardized tests or looking for a first internship.',
  },
  {
    icon: Briefcase,
    title: 'Graduates',
    text: 'Turning a degree into a first job: a resume that gets read, letters that sound like you, interviews you are ready for.',
  },
  {
    icon: Repeat,
    title: 'Career changers',
    text: 'Moving into a new field and working out how your experience translates, what the work pays and where to begin.',
  },
  {
    icon: Plane,
    title: 'International applicants',
    text: 'Studying or working in another country: what life costs there, what the job market looks like and how to apply.',
  },
]

const beliefs: Point[] = [
  {
    icon: Sparkles,
    title: 'Useful tools should be free',
    text: 'The library, the builders and the data tools cost nothing. A free account only lets you save your work and unlock results and downloads.',
  },
  {
    icon: BadgeCheck,
    title: 'Honest figures, sources named',
    text: 'Pay comes from US Bureau of Labor Statistics wage data; living costs from BEA regional price parities and World Bank price levels. Every result shows its source and year, and estimates are marked as estimates.',
  },
  {
    icon: ShieldCheck,
    title: 'Privacy by default',
    text: 'Your drafts stay in your browser until you choose to save them, analytics stays off unless you accept it, and you can download or delete your data from Settings.',
  },
]

export function AboutPage() {
  return (
    <PageFrame
      title="About Waypoint"
      eyebrow="About us"
      lead={
        <p>
          Waypoint is a free career-advice platform for students and job seekers: honest guides, builders that take care of the paperwork, and pay and
          living-cost figures you can trace back to their source.
        </p>
      }
      actions={
        <>
          <Link to="/services" className={buttonClass('primary')}>
            See what we offer
          </Link>
          <Link to="/contact-us" className={buttonClass('secondary')}>
            Contact us
          </Link>
        </>
      }
    >
      <div className={styles.page}>
        <section className={styles.mission} aria-labelledby="about-mission">
          <h2 id="about-mission" className={styles.heading}>
            Our mission
          </h2>
          <div className={styles.prose}>
            <p>
              Big decisions about study and work are often made with too little information and too much guesswork. Which course leads where? What
              does this job actually pay in that city? Will my resume even be read?
            </p>
            <p>
              Waypoint exists to make the next step clearer. We bring together practical guides, tools that turn what you know about yourself into
              strong applications, and official figures on pay and living costs, so you can decide with facts instead of rumours.
            </p>
          </div>
        </section>

        <section aria-labelledby="about-audience">
          <h2 id="about-audience" className={styles.heading}>
            Who Waypoint is for
          </h2>
          <ul className={styles.grid} data-columns="4">
            {audiences.map((item) => (
              <li key={item.title} className={styles.card}>
                <span className={styles.icon} aria-hidden="true">
                  <item.icon size={22} />
                </span>
                <h3 className={styles.cardTitle}>{item.title}</h3>
                <p className={styles.cardText}>{item.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="about-beliefs">
          <h2 id="about-beliefs" className={styles.heading}>
            What we believe
          </h2>
          <ul className={styles.grid} data-columns="3">
            {beliefs.map((item) => (
              <li key={item.title} className={styles.card}>
                <span className={styles.icon} data-tone="accent" aria-hidden="true">
                  <item.icon size={22} />
                </span>
                <h3 className={styles.cardTitle}>{item.title}</h3>
                <p className={styles.cardText}>{item.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className={styles.split} aria-labelledby="about-content">
          <div>
            <h2 id="about-content" className={styles.heading}>
              How our content is made
            </h2>
            <div className={styles.prose}>
              <p>
                Every article in the <Link to="/library">library</Link> is written and reviewed by our editorial team. Facts such as deadlines, test
                formats, visa steps and statistics cite the public sources they come from, such as official statistics, government pages and
                university websites, so you can check them yourself.
              </p>
              <p>
                The narrated audio is generated from the text of each article, so what you hear matches what you read. The AI career assistant answers
                from this same library and our datasets, shows the sources it used and credits the AI provider behind it whenever one is involved.
              </p>
              <p>
                When we get something wrong, we fix it. If you spot a mistake or an out-of-date fact, <Link to="/contact-us">tell us</Link>.
              </p>
            </div>
          </div>
          <div className={styles.sourceNote}>
            <BookOpenCheck size={26} aria-hidden="true" className={styles.sourceIcon} />
            <p>
              <strong>Our rule for figures:</strong> if we cannot name where a number comes from, we do not publish it.
            </p>
          </div>
        </section>

        <section className={styles.stats} aria-labelledby="about-stats">
          <h2 id="about-stats" className={styles.heading}>
            Why the paperwork matters
          </h2>
          <p className={styles.statsIntro}>
            Two figures come up again and again in the recruiting world. They are widely cited industry figures, not our own research, and they are
            best read as a reminder that first impressions count rather than as exact measurements.
          </p>
          <ul className={styles.statList}>
            <li className={styles.stat}>
              <p className={styles.statText}>
                <span className={styles.statFigure}>2%</span> of resumes make it past the first round
              </p>
              <Link to="/resume" className={styles.statLink}>
                Build a resume that stands out
              </Link>
            </li>
            <li className={styles.stat}>
              <p className={styles.statText}>
                <span className={styles.statFigure}>25%</span> of recruiters consider a cover letter critical
              </p>
              <Link to="/coverletter" className={styles.statLink}>
                Write your cover letter
              </Link>
            </li>
          </ul>
        </section>

        <section className={styles.closing} aria-labelledby="about-contact">
          <h2 id="about-contact" className={styles.heading}>
            Talk to us
          </h2>
          <p>Missing a guide, found a mistake, or want to work with us as a school or university? We read every message.</p>
          <Link to="/contact-us" className={buttonClass('primary')}>
            Contact the Waypoint team
          </Link>
        </section>
      </div>
    </PageFrame>
  )
}
