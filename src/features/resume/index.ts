export { ResumeBuilder } from './components/resume-builder'
