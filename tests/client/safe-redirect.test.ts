import { describe, expect, it } from 'vitest'
import { isSameOriginPath } from '@/lib/safe-redirect'

describe('isSameOriginPath', () => {
  it.each(['/', '/salary', '/library?category=interview-tips', '/articles/a-b#top'])('accepts %s', (path) => {
    expect(isSameOriginPath(path)).toBe(true)
  })

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'salary', '/\tx', ''])(
    'rejects %j',
    (path) => {
      expect(isSameOriginPath(path)).toBe(false)
    },
  )
})
