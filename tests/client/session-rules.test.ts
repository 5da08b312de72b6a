import { describe, expect, it } from 'vitest'
import { loginFromForPath, signOutTarget } from '@/features/auth'
import { shortEmail } from '@/features/layout/components/burger-sheet'

describe('sign-out landing (spec section 4)', () => {
  it.each([
    ['/services', '/services'],
    ['/about-us', '/about-us'],
    ['/library', '/library'],
    ['/contact-us', '/contact-us'],
    ['/articles/how-to-negotiate', '/articles/how-to-negotiate'],
    ['/living-cost', '/living-cost'],
    ['/living-cost/paris', '/living-cost'],
    ['/salary', '/salary'],
    ['/salary/nurse', '/salary'],
    ['/countries/france', '/countries'],
    ['/countries', '/'],
    ['/resume', '/'],
    ['/userauth/profile', '/'],
  ])('from %s goes to %s', (from, to) => {
    expect(signOutTarget(from)).toBe(to)
  })
})

describe('gate helper loginfrom (spec section 4)', () => {
  it.each([
    ['/salary', 'salary'],
    ['/coverletter', 'cover'],
    ['/resume', 'resume'],
    ['/living-cost', 'cost'],
    ['/library', 'library'],
    ['/articles/x', 'library'],
    ['/userauth/settings', 'userauth'],
    ['/', 'homepage'],
  ])('%s → %s', (path, key) => {
    expect(loginFromForPath(path)).toBe(key)
  })
})

describe('burger e-mail (spec section 9)', () => {
  it('keeps up to 20 characters and cuts longer ones to 19 plus an ellipsis', () => {
    expect(shortEmail('twenty.chars@exa.com')).toBe('twenty.chars@exa.com')
    expect(shortEmail('twenty-one@example.io')).toBe('twenty-one@example.…')
  })
})
