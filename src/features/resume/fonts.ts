export { documentCjk, documentFonts as resumeFonts, fontStack, loadDocumentFont as loadResumeFont, loadScriptFonts } from '@/lib/document-fonts'
