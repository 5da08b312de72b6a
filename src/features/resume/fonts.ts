export { documentFonts as resumeFonts, fontStack, loadDocumentFont as loadResumeFont } from '@/lib/document-fonts'
