export { ResumeBuilder } from './components/resume-builder'
export { latestResume, resumeListQueryOptions } from './draft-store'
