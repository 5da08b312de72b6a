import type { ContactKind } from '../document'

/** Contact icons as 24-unit stroke paths, drawn by the preview (SVG) and the PDF (drawSvgPath). */
export const contactIconPaths: Record<ContactKind, string> = {
  email: 'M3 6h18v12H3z M3 6l9 7 9-7',
  phone: 'M7 3h3l1.5 5-2.5 1.5a11 11 0 0 0 5.5 5.5L16 12.5l5 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 5 5a2 2 0 0 1 2-2z',
  address: 'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z M12 7.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5z',
  website: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M3 12h18 M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9 M12 3c-2.5 2.5-3.8 5.5-3.8 9s1.3 6.5 3.8 9',
  linkedin:
    'M4 9h3v11H4z M5.5 4a1.75 1.75 0 1 0 0 3.5a1.75 1.75 0 1 0 0-3.5z M10 9h3v11h-3z M13 13c0-2.5 1.5-4 3.5-4s3.5 1.3 3.5 4v7h-3v-6.5c0-1.2-.6-1.8-1.6-1.8s-1.9.7-1.9 2',
}

/** Email, phone and address icons follow the design switches; website and LinkedIn the email one. */
export function showsIcon(kind: ContactKind, icons: { email: boolean; phone: boolean; address: boolean }): boolean {
  if (kind === 'phone') return icons.phone
  if (kind === 'address') return icons.address
  return icons.email
}
