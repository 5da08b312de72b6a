import { AtSign, BriefcaseBusiness, Camera, Send, ShoppingBag, SquarePlay, Users } from 'lucide-react'
import styles from './footer.module.css'

/** Spec section 2: shop, video, professional network, photo sharing, social network, microblog, messaging. */
const socialLinks = [
  { label: 'Waypoint shop', href: 'https://shop.waypoint.careers', Icon: ShoppingBag },
  { label: 'Waypoint on YouTube', href: 'https://www.youtube.com/@waypointcareers', Icon: SquarePlay },
  { label: 'Waypoint on LinkedIn', href: 'https://www.linkedin.com/company/waypoint-careers', Icon: BriefcaseBusiness },
  { label: 'Waypoint on Instagram', href: 'https://www.instagram.com/waypoint.careers', Icon: Camera },
  { label: 'Waypoint on Facebook', href: 'https://www.facebook.com/waypoint.careers', Icon: Users },
  { label: 'Waypoint on X', href: 'https://x.com/waypointcareers', Icon: AtSign },
  { label: 'Waypoint on Telegram', href: 'https://t.me/waypointcareers', Icon: Send },
] as const

export function SocialLinks() {
  return (
    <ul className={styles.social} aria-label="Waypoint on social media">
      {socialLinks.map(({ label, href, Icon }) => (
        <li key={href}>
          <a href={href} aria-label={label} title={label} target="_blank" rel="noopener noreferrer">
            <Icon size={18} aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  )
}
