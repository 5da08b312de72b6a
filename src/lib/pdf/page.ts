/** Page sizes in PDF points (1/72 inch); the previews use the same numbers in CSS pt. */
export const pageSizesPt = { A4: { width: 595.28, height: 841.89 }, Letter: { width: 612, height: 792 } } as const

/** The builders' page margins, in points. */
export const pageMargin = { x: 44, y: 40 } as const
