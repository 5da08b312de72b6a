import { authMessages } from '~contract/auth.ts'
import { FieldError } from '../errors.ts'
import { commonPasswords } from './common-passwords.ts'

export const isCommonPassword = (password: string) => commonPasswords.has(password.toLowerCase())

/** 400 {"<field>": [commonPassword]} for a new password on the block list. */
export function refuseCommonPassword(password: string, field = 'password') {
  if (isCommonPassword(password)) throw new FieldError({ [field]: [authMessages.commonPassword] })
}
