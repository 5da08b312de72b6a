import { Check, Link2, ListPlus } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { ArticleAudio } from '~contract/library.ts'
import { Button } from '@/components/button/button'
import { useAuth, useGate } from '@/features/auth'
import { ApiError } from '@/lib/api-client'
import { useAddToPlaylist } from '../api/add-to-playlist'
import { savePendingPlaylistAdd, takePendingPlaylistAdd } from '../pending-playlist'
import styles from './article-page.module.css'

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // No clipboard API (older browser, insecure origin): the old selection trick.
    const field = document.createElement('textarea')
    field.value = text
    field.setAttribute('readonly', '')
    field.style.position = 'fixed'
    field.style.opacity = '0'
    document.body.append(field)
    field.select()
    let copied = false
    try {
      copied = document.execCommand('copy')
    } catch {
      copied = false
    }
    field.remove()
    return copied
  }
}

type Status = { text: string; tone: 'info' | 'error' }

/** What the last 'Add to playlist' came to, in words. */
function playlistStatus(succeeded: boolean, error: ApiError | null): Status | null {
  if (succeeded) return { text: 'Added to your playlist', tone: 'info' }
  if (!error) return null
  if (error.status === 409) return { text: 'Already in your playlist', tone: 'info' }
  return { text: error.detail || 'We could not add it to your playlist. Please try again.', tone: 'error' }
}

type ArticleActionsProps = {
  audio: ArticleAudio | null
  /** Set when the user comes back from signing in to add this article's audio. */
  returningFromSignIn: boolean
}

/** 'Add to playlist' (signed-in only) and 'Copy link', with one polite status line. */
export function ArticleActions({ audio, returningFromSignIn }: ArticleActionsProps) {
  const gate = useGate()
  const signedIn = useAuth((state) => state.userData !== null)
  const add = useAddToPlaylist()
  const { mutate } = add
  const [copied, setCopied] = useState<{ status: Status; at: number } | null>(null)
  const added = add.isSuccess || (add.error instanceof ApiError && add.error.status === 409)
  const addStatus = playlistStatus(add.isSuccess, add.error)
  // One status line: whichever action happened last speaks.
  const status = copied && (!addStatus || copied.at > add.submittedAt) ? copied.status : addStatus

  // Back from the sign-in detour: finish the add the guest asked for.
  useEffect(() => {
    if (audio && signedIn && returningFromSignIn && takePendingPlaylistAdd(audio.id)) mutate(audio.id)
  }, [audio, signedIn, returningFromSignIn, mutate])

  const onAdd = () => {
    if (!audio) return
    if (!signedIn) savePendingPlaylistAdd(audio.id)
    if (!gate('library')) return
    mutate(audio.id)
  }

  const onCopy = async () => {
    const ok = await copyText(window.location.href)
    setCopied({
      status: ok ? { text: 'Link copied', tone: 'info' } : { text: `Copy this link: ${window.location.href}`, tone: 'error' },
      at: Date.now(),
    })
  }

  return (
    <div className={styles.actions}>
      <div className={styles.actionButtons}>
        {audio && audio.status !== 'failed' ? (
          <Button variant="primary" onClick={onAdd} loading={add.isPending} disabled={added}>
            {added ? <Check size={18} aria-hidden="true" /> : <ListPlus size={18} aria-hidden="true" />}
            {added ? 'In your playlist' : 'Add to playlist'}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => void onCopy()}>
          <Link2 size={18} aria-hidden="true" />
          Copy link
        </Button>
      </div>
      <p role="status" className={styles.status} data-tone={status?.tone}>
        {status?.text}
      </p>
    </div>
  )
}
