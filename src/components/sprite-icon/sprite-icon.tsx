import spriteUrl from 'virtual:icon-sprite'
import type { SpriteIconName } from './icons'

type SpriteIconProps = { name: SpriteIconName; size?: number; strokeWidth?: number; className?: string }

/** A decorative icon from the sprite; the symbols inherit the stroke set here. */
export function SpriteIcon({ name, size = 24, strokeWidth = 2, className }: SpriteIconProps) {
  return (
    <svg
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  )
}
