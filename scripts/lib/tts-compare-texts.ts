// The texts scripts/tts-compare.ts gives every engine (a ~150-word sample, a sentence of
// non-ASCII text, a ~1,200-word article), cut into sentences with the narrator's pauses, and the
// words of a text as the word error rate counts them.

import type { Segment } from '../../server/services/narration/job.ts'

/** A sentence and the pause after it, as the narrator gives them to an engine. */
export type { Segment }

export const sampleText = `Looking for work is a job in itself, so give it a schedule. Set aside two hours each morning for searching and applying, and keep a simple list of every role you apply for, the date you applied and the name of anyone you spoke to. When a posting interests you, read it twice. Mark the skills the employer mentions more than once, then make sure your resume shows those skills with real examples from school, volunteering or earlier jobs.

Before an interview, learn what the company does and prepare three short stories about times you solved a problem, helped a team or learned something quickly. Practice them out loud with a friend. Afterwards, send a brief thank you note the same day. If you hear nothing within a week, a polite follow up is perfectly normal. Rejection is common, so treat each one as practice and keep going.`

export const unicodeText =
  'Łukasiewicz and Nguyễn Thị Minh rewrote their résumés – twice — before “the big day”; Søren’s CV ≈ 2 pages… 李小龍 said ‘ok’ 😀, Zoë’s naïve café façade, Straße № 5, ½ × 3 °C.'

export const longText = `# Planning a job search that fits into your week

A job search rarely fails for lack of effort. It fails because the effort goes to the wrong places, or because it arrives in bursts followed by long silences. This guide shows how to turn a vague intention into a weekly routine that you can keep for months, with clear goals, honest records and enough rest to stay steady.

## Decide what you are looking for

Before you open a single job board, write down the kind of role you want in one or two sentences. Name the field, the level and the setting, for example an entry level analyst in a small public health team, or a junior designer at a company that builds software for schools. The point is not to rule everything else out forever. The point is to give every later decision a reference, so that you can tell quickly whether a posting deserves an hour of your time.

Next, list the conditions that really matter to you. Think about pay, location, travel, hours, the chance to learn and the people you would work with. Mark the two or three that you will not compromise on. Everything else becomes a preference, and preferences can be traded against each other when a real offer arrives.

## Build a simple tracking system

A spreadsheet or a notebook is enough. Give each application a row with the employer, the title, the date you applied, the version of your resume you sent, the person you contacted and the next step. Add a column for notes, where you record what you learned about the team, the questions they asked and anything you promised to send.

This record does three jobs at once. It stops you from applying twice to the same role. It shows you which kinds of applications lead to replies and which do not. And on a discouraging day, it reminds you how much you have already done, which is often more than it feels like.

## Set a weekly rhythm

Most people search best in short, regular sessions rather than long, irregular ones. Pick four or five mornings a week and protect two hours on each of them. Treat that time like a shift at work: turn off your phone, close unrelated tabs and start with the task you are most likely to avoid.

A balanced week might look like this. On Monday, review new postings and choose the five that fit best. On Tuesday and Wednesday, tailor your resume and cover letter for those roles and send them. On Thursday, reach out to people: former classmates, colleagues, teachers and friends of friends who work in the field you want. On Friday, follow up on older applications, update your tracker and plan the next week. Keep the weekend for rest, exercise and the parts of life that have nothing to do with work.

## Tailor every application

A generic application is easy to send and easy to ignore. For each role, read the posting slowly and mark the skills and duties that appear more than once. Those repeated words usually reflect what the hiring manager worries about most. Then check that your resume answers each of them with a concrete example, ideally one with a result you can measure, such as time saved, money raised or people trained.

Your cover letter should do something your resume cannot. Use it to explain why this employer, why this role and why now. Mention one specific thing you admire about the organization and connect it to something you have done. Keep it under a page, and ask a friend to read it aloud to you. If it sounds stiff when spoken, it will read stiffly too.

## Use your network without feeling awkward

Many roles are filled before they are ever advertised, often through someone who already works there. That can feel unfair, but it also means a short conversation can open more doors than a dozen cold applications. The trick is to ask for information, not for a job.

Send a brief message that explains who you are, how you found the person and what you hope to learn. Ask for twenty minutes, and suggest a call or a coffee at a time that suits them. Prepare a few questions about their work, the skills that matter in their team and the changes they see coming in the field. At the end, ask whether there is anyone else you should speak to. Then send a thank you note within a day, and let them know later how things turned out.

## Prepare for interviews as a project

When an invitation arrives, start a page of notes for that employer. Read their website, recent news and any reports they publish. Look up the people who will interview you, so that you understand their roles. Write down five or six stories from your own experience that show how you solve problems, work with others, handle pressure and learn new things. Practice telling each story in about two minutes, with a clear situation, the action you took and the result.

On the day, arrive early or test your video link well in advance. Bring a copy of your resume and a short list of questions for them. Good questions show that you have thought about the work itself: how success is measured in the first six months, what a typical week looks like and what the team is trying to improve this year.

## Handle rejection and silence

Even a well run search produces far more rejections than offers. Some employers never reply at all. None of this is a verdict on your worth. Hiring decisions depend on budgets, internal candidates, timing and many other things you cannot see from outside.

When you do receive a rejection after an interview, reply politely, thank them for their time and ask whether they can share any feedback. Not everyone will, but those who do often give you the single most useful piece of advice in the whole process. Record it in your tracker and look for patterns across several rounds.

## Look after yourself

A long search is tiring, and tired people make weaker applications. Sleep, regular meals and time outdoors are not luxuries; they are part of the work. Keep in touch with friends who are not job hunting. Set a small reward for finishing each week's plan, whatever the outcome.

If the search drags on, change one thing at a time rather than everything at once. Try a different kind of employer, rewrite your resume summary, or spend a month on a short course that fills an obvious gap. Then watch your tracker to see whether the change makes a difference.

## When an offer arrives

Take a breath before you answer. Thank the employer, ask for the offer in writing and request a few days to consider it. Compare it with the conditions you marked as essential at the very start. If something important is missing, it is usually reasonable to ask, politely and with a clear reason. Once you accept, write to everyone who helped you along the way. They will be glad to hear it, and you may be the one helping them next time.`

/** Sentences with the narrator's pauses: 150 ms inside a paragraph, 500 ms after it, 600 ms after a heading. */
export function segmentsOf(text: string): Segment[] {
  const segments: Segment[] = []
  for (const block of text.split(/\n\s*\n/)) {
    const heading = /^#+\s+/.test(block)
    const clean = block
      .replace(/^#+\s+/, '')
      .replace(/\s+/g, ' ')
      .trim()
    if (!clean) continue
    if (heading) {
      segments.push({ text: /[.!?:;]$/.test(clean) ? clean : `${clean}.`, pauseMs: 600 })
      continue
    }
    const sentences = clean.split(/(?<=[.!?;])\s+/)
    sentences.forEach((sentence, i) => segments.push({ text: sentence, pauseMs: i === sentences.length - 1 ? 500 : 150 }))
  }
  return segments
}

export const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
