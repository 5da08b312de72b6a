import { useForm, useStore } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import { ChevronDown, CircleAlert, CircleCheck, Send } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ChangeEvent, type FocusEvent } from 'react'
import {
  contactLimits,
  contactMessages,
  contactRequest,
  contactTopicLabels,
  contactTopics,
  type ContactRequest,
  type ContactTopic,
} from '~contract/contact.ts'
import { Button } from '@/components/button/button'
import { recheckWhileInvalid } from '@/components/field/recheck-while-invalid'
import { bindField } from '@/components/field/bind-field'
import { firstError } from '@/components/field/first-error'
import { TextAreaField } from '@/components/field/text-area-field'
import { TextField } from '@/components/field/text-field'
import { ApiError } from '@/lib/api-client'
import { useSendContactMessage } from '../api/send-contact-message'
import styles from './contact-form.module.css'

/** The contract's schema of each field, used on blur and again on submit. */
const schemas = contactRequest.entries
type FieldName = keyof ContactRequest
const fieldNames = Object.keys(schemas) as FieldName[]

const emptyMessage: ContactRequest = { name: '', email: '', topic: 'general', message: '' }

function isTopic(value: string): value is ContactTopic {
  return (contactTopics as readonly string[]).includes(value)
}

/**
 * The contact form of /contact-us. On success the form gives way to a confirmation; "Send
 * another message" brings back a fresh, empty form (a new `key` remounts it).
 */
export function ContactForm() {
  const [round, setRound] = useState(0)
  const [sent, setSent] = useState(false)
  const panelRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (sent) panelRef.current?.focus()
  }, [sent])

  if (sent) {
    return (
      <div ref={panelRef} className={styles.sent} role="status" tabIndex={-1}>
        <CircleCheck className={styles.sentIcon} size={32} aria-hidden="true" />
        <div>
          <p className={styles.sentTitle}>Message sent</p>
          <p className={styles.sentText}>{contactMessages.success}</p>
          <Button
            variant="secondary"
            onClick={() => {
              setSent(false)
              setRound((value) => value + 1)
            }}
          >
            Send another message
          </Button>
        </div>
      </div>
    )
  }

  return <ContactFormFields key={round} focusOnMount={round > 0} onSent={() => setSent(true)} />
}

type ContactFormFieldsProps = {
  /** After "Send another message", put the cursor back in the first field. */
  focusOnMount: boolean
  onSent: () => void
}

function ContactFormFields({ focusOnMount, onSent }: ContactFormFieldsProps) {
  const mutation = useSendContactMessage()
  const [failure, setFailure] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const alertId = useId()

  useEffect(() => {
    if (focusOnMount) formRef.current?.querySelector<HTMLInputElement>('input')?.focus()
  }, [focusOnMount])

  const form = useForm({
    defaultValues: emptyMessage,
    // Every press of "Send message" validates every field, not only the ones already blurred.
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        await mutation.mutateAsync(value)
        onSent()
      } catch (error) {
        const apiError = error instanceof ApiError ? error : new ApiError(0, 'Your message could not be sent. Please try again.')
        let shownUnderAField = false
        for (const name of fieldNames) {
          const message = apiError.field(name)
          if (!message) continue
          shownUnderAField = true
          // `onServer` errors clear themselves as soon as the field is edited or blurred again.
          formApi.setFieldMeta(name, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: message } }))
        }
        const otherMessages = Object.entries(apiError.fieldErrors)
          .filter(([name]) => !(fieldNames as string[]).includes(name))
          .flatMap(([, messages]) => messages)
        if (otherMessages.length > 0) setFailure(otherMessages.join(' '))
        else if (!shownUnderAField) setFailure(apiError.detail)
      }
    },
  })

  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const isSubmitting = useStore(form.store, (state) => state.isSubmitting)

  return (
    <form
      ref={formRef}
      className={styles.form}
      aria-label="Contact Waypoint"
      aria-describedby={failure ? alertId : undefined}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <div className={styles.pair}>
        {/* TanStack Form runs onBlur validators on submit as well, so one schema covers both. */}
        <form.Field name="name" validators={{ onBlur: schemas.name }} listeners={recheckWhileInvalid}>
          {(field) => <TextField label="Name" {...bindField(field, submitted)} autoComplete="name" />}
        </form.Field>

        <form.Field name="email" validators={{ onBlur: schemas.email }} listeners={recheckWhileInvalid}>
          {(field) => (
            <TextField
              label="Email"
              type="email"
              {...bindField(field, submitted)}
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
            />
          )}
        </form.Field>
      </div>

      <form.Field name="topic" validators={{ onBlur: schemas.topic }} listeners={recheckWhileInvalid}>
        {(field) => (
          <TopicSelect
            name={field.name}
            value={field.state.value}
            onChange={(event) => {
              const next = event.target.value
              if (isTopic(next)) field.handleChange(next)
            }}
            onBlur={field.handleBlur}
            error={field.state.meta.isBlurred || submitted ? firstError(field.state.meta.errors) : undefined}
          />
        )}
      </form.Field>

      <form.Field name="message" validators={{ onBlur: schemas.message }} listeners={recheckWhileInvalid}>
        {(field) => {
          const length = field.state.value.length
          return (
            <TextAreaField
              label="Message"
              {...bindField(field, submitted)}
              rows={8}
              hint={
                <span className={styles.counter} data-over={length > contactLimits.messageMax || undefined}>
                  {length} / {contactLimits.messageMax}
                  <span className="visually-hidden"> characters</span>
                </span>
              }
            />
          )
        }}
      </form.Field>

      {failure ? (
        <div id={alertId} className={styles.alert} role="alert">
          <CircleAlert size={20} aria-hidden="true" />
          <p>
            <strong>Your message was not sent.</strong> {failure}
          </p>
        </div>
      ) : null}

      <div className={styles.footer}>
        <Button type="submit" block loading={isSubmitting}>
          {isSubmitting ? null : <Send size={16} aria-hidden="true" />}
          {isSubmitting ? 'Sending…' : 'Send message'}
        </Button>
        <p className={styles.note}>
          We use your name and e-mail only to answer you, and keep messages for 24 months. See our <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </div>
    </form>
  )
}

type TopicSelectProps = {
  name: string
  value: ContactTopic
  error?: string
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
  onBlur: (event: FocusEvent<HTMLSelectElement>) => void
}

/** A native select styled like the shared text fields. */
function TopicSelect({ name, value, error, onChange, onBlur }: TopicSelectProps) {
  const id = useId()
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className={styles.selectField} data-state={error ? 'invalid' : 'idle'}>
      <label htmlFor={id} className={styles.label}>
        Topic
      </label>
      <div className={styles.selectControl}>
        <select
          id={id}
          name={name}
          className={styles.select}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          {contactTopics.map((topic) => (
            <option key={topic} value={topic}>
              {contactTopicLabels[topic]}
            </option>
          ))}
        </select>
        <ChevronDown className={styles.chevron} size={18} aria-hidden="true" />
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        Choose “{contactTopicLabels.privacy}” for questions about your personal data.
      </p>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
