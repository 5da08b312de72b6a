/**
 * Decorative icons of the first screens (shell, footer, home page) come from one sprite built from
 * lucide's icon data (scripts/vite-icon-sprite.mjs), not as components: one cached image
 * instead of script in every first load. Other icons stay lucide-react components.
 */
export const spriteIcons = [
  // Shell: top bar, menus, chat button, field marks, the offline notice.
  'search',
  'menu',
  'chevron-down',
  'message-circle',
  'circle-exclamation-point',
  'circle-check',
  'wifi-off',
  // Footer: social links.
  'shopping-bag',
  'square-play',
  'briefcase-business',
  'camera',
  'users',
  'at-sign',
  'send',
  // Home page.
  'arrow-right',
  'book-open',
  'file-text',
  'file-user',
  'globe',
  'headphones',
  'trending-up',
  'wallet',
] as const

export type SpriteIconName = (typeof spriteIcons)[number]
