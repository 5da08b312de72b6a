import { queryOptions } from '@tanstack/react-query'
import type { ResumeList } from '~contract/resume.ts'
import { callApi } from '@/lib/api-client'

/** GET /resumes?page_size=: the signed-in user's resumes, most recently changed first. */
export function listResumes(pageSize: number) {
  return callApi((api) => api.get('resumes', { searchParams: { page: 1, page_size: pageSize } }).json<ResumeList>())
}

export const resumeListQueryOptions = (pageSize: number) =>
  queryOptions({
    queryKey: ['resumes', 'list', { pageSize }],
    queryFn: () => listResumes(pageSize),
    // Saved from this builder or another device a moment ago: ask again whenever it is shown.
    staleTime: 0,
  })
