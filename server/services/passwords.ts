import { hash, verify } from '@node-rs/argon2'
import { authMessages } from '~contract/auth.ts'
import { FieldError } from '../http/errors.ts'
import { commonPasswords } from './common-passwords.ts'

/** argon2id (the library's default algorithm) with its default cost: about 14 ms here. */
export const hashPassword = (password: string): Promise<string> => hash(password)

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let decoy: Promise<string> | undefined

/**
 * Spends the time of a real verification when there is no hash to check (unknown address,
 * social-only account), so the answer time does not tell whether an account exists.
 */
export async function verifyNothing(password: string): Promise<false> {
  decoy ??= hash('a password nobody has: the decoy of verifyNothing')
  await verifyPassword(await decoy, password)
  return false
}

export const isCommonPassword = (password: string) => commonPasswords.has(password.toLowerCase())

/** 400 {"<field>": [commonPassword]} for a new password on the block list. */
export function refuseCommonPassword(password: string, field = 'password') {
  if (isCommonPassword(password)) throw new FieldError({ [field]: [authMessages.commonPassword] })
}
