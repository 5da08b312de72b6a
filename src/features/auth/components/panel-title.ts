import type { ComponentType } from 'react'

/** Renders each panel's title: an h1 on the sign-in page, the dialog title in the dialog. */
export type TitleComponent = ComponentType<{ children: string }>
