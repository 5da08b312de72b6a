export { documentCjk, fontStack } from '@/lib/document-fonts'
