import {
  BookOpen,
  ClipboardCheck,
  FileText,
  GraduationCap,
  Landmark,
  MessageCircle,
  Search,
  TrendingUp,
  Users,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react'

/** The icon names of server/content/categories.json (lucide, kebab-case), imported one by one. */
const icons: Record<string, LucideIcon> = {
  'trending-up': TrendingUp,
  users: Users,
  'graduation-cap': GraduationCap,
  'clipboard-check': ClipboardCheck,
  'file-text': FileText,
  'message-circle': MessageCircle,
  landmark: Landmark,
  search: Search,
}

/** A category's icon; an unknown name falls back to a book rather than nothing. */
export function CategoryIcon({ name, ...props }: LucideProps & { name: string }) {
  const Icon = icons[name] ?? BookOpen
  return <Icon aria-hidden="true" {...props} />
}
