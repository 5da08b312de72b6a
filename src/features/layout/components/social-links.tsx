import { SpriteIcon } from '@/components/sprite-icon/sprite-icon'
import styles from './footer.module.css'

/** Spec section 2: shop, video, professional network, photo sharing, social network, microblog, messaging. */
const socialLinks = [
  { label: 'Waypoint shop', href: 'https://shop.waypoint.careers', icon: 'shopping-bag' },
  { label: 'Waypoint on YouTube', href: 'https://www.youtube.com/@waypointcareers', icon: 'square-play' },
  { label: 'Waypoint on LinkedIn', href: 'https://www.linkedin.com/company/waypoint-careers', icon: 'briefcase-business' },
  { label: 'Waypoint on Instagram', href: 'https://www.instagram.com/waypoint.careers', icon: 'camera' },
  { label: 'Waypoint on Facebook', href: 'https://www.facebook.com/waypoint.careers', icon: 'users' },
  { label: 'Waypoint on X', href: 'https://x.com/waypointcareers', icon: 'at-sign' },
  { label: 'Waypoint on Telegram', href: 'https://t.me/waypointcareers', icon: 'send' },
] as const

export function SocialLinks() {
  return (
    <ul className={styles.social} aria-label="Waypoint on social media">
      {socialLinks.map(({ label, href, icon }) => (
        <li key={href}>
          <a href={href} aria-label={label} title={label} target="_blank" rel="noopener noreferrer">
            <SpriteIcon name={icon} size={18} />
          </a>
        </li>
      ))}
    </ul>
  )
}
