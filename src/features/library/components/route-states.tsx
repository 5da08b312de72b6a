import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PageFrame } from '@/components/page-frame/page-frame'
import { CardGridSkeleton, ErrorState } from './list-states'

type FrameProps = { title: string; eyebrow?: string; lead?: ReactNode }

/** A list page while its first data loads: the real header, placeholder cards. */
export function ListPending({ label, ...frame }: FrameProps & { label: string }) {
  return (
    <PageFrame {...frame}>
      <CardGridSkeleton count={6} label={label} />
    </PageFrame>
  )
}

/** A list page whose data could not load; 'Try again' runs the loader again. */
export function ListError({ error, reset, what, ...frame }: FrameProps & ErrorComponentProps & { what: string }) {
  const router = useRouter()
  return (
    <PageFrame {...frame}>
      <ErrorState
        title={`We could not load ${what}`}
        error={error}
        onRetry={() => {
          reset()
          void router.invalidate()
        }}
      />
    </PageFrame>
  )
}
