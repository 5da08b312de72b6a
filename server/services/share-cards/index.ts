// Share cards: the pictures (PNG) shared links show, an article's cover or a place's card, drawn
// with the glyphs of the fonts we ship so that any script comes out in the picture.
export { createShareCards, type ShareCards } from './share-cards.ts'
