export { ResumeBuilder } from './components/resume-builder'
export { resumeListQueryOptions } from './api/list-resumes'
