import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { asc, eq, sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { renderArticle } from '../../server/content/markdown.ts'
import { seed } from '../../server/content/seed.ts'
import { articles, categories } from '../../server/db/schema.ts'
import { describeDbs, memoryLog, queryRows } from './support/db.ts'
import { contentCopy } from './support/library.ts'

describeDbs('library seed', (suite) => {
  let contentDir: string
  const rows = () =>
    suite.db
      .select({ slug: articles.slug, updatedAt: articles.updatedAt, hash: articles.contentHash, title: articles.title })
      .from(articles)
      .orderBy(asc(articles.slug))

  beforeAll(async () => {
    contentDir = contentCopy()
  })

  test('seeds categories and the valid articles, and logs the bad file with its path', async () => {
    const log = memoryLog()
    const report = await seed(suite.db, { contentDir, log, now: new Date('2025-03-01T10:00:00Z') })

    expect(report).toEqual({ articles: 6, added: 6, updated: 0, removed: 0, skipped: 1 })
    expect(log.lines.filter((l) => l.startsWith('warn'))).toEqual([
      expect.stringMatching(/^warn: Library: skipped articles\/interview-tips\/broken-article\.md: has invalid frontmatter \(title\)/),
    ])
    const cats = await suite.db.select().from(categories).orderBy(asc(categories.id))
    expect(cats.filter((c) => c.isMain).map((c) => c.slug)).toEqual([
      'interview-tips',
      'job-hunting',
      'university-admission',
      'application-materials',
    ])
    expect(cats.find((c) => c.slug === 'answering-questions')).toMatchObject({
      isMain: false,
      parentId: cats.find((c) => c.slug === 'interview-tips')!.id,
      icon: 'message-circle',
    })
    const tips = (await suite.db.select().from(articles).where(eq(articles.slug, 'ten-interview-tips')))[0]!
    expect(tips).toMatchObject({
      title: 'Ten Interview Tips That Actually Work',
      author: 'Dana Okafor',
      tags: ['interview', 'preparation', 'questions'],
      publishedAt: new Date('2025-02-10T00:00:00Z'),
      sources: [{ title: 'Example careers survey', url: 'https://example.org/survey' }],
      toc: [
        { id: 'research-the-company', title: 'Research the company', level: 2 },
        { id: 'practise-your-stories', title: 'Practise your stories', level: 2 },
        { id: 'say-them-out-loud', title: 'Say them out loud', level: 3 },
        { id: 'ask-good-questions', title: 'Ask good questions', level: 2 },
      ],
      readingMinutes: 1,
    })
    expect(tips.html).toContain('<h2 id="research-the-company">Research the company</h2>')
    const [vector] = await queryRows<{ weighted: string }>(
      suite.db,
      sql`select ${articles.search}::text as weighted from ${articles} where slug = 'ten-interview-tips'`,
    )
    expect(vector!.weighted).toMatch(/'interview':\d+A/)
  })

  test('escapes raw HTML, opens external links safely and keeps internal ones plain', async () => {
    const [row] = await suite.db.select({ html: articles.html }).from(articles).where(eq(articles.slug, 'where-to-find-job-openings'))
    expect(row!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(row!.html).not.toMatch(/<script|<b>/)
    expect(row!.html).toContain('<a href="https://example.org/jobs" target="_blank" rel="noopener noreferrer">')
    expect(row!.html).toContain('<a href="/salary">our salary tool</a>')
  })

  test('a second seed writes nothing', async () => {
    const before = await rows()
    const report = await seed(suite.db, { contentDir, log: memoryLog(), now: new Date('2025-04-01T00:00:00Z') })

    expect(report).toMatchObject({ added: 0, updated: 0, removed: 0 })
    expect(await rows()).toEqual(before)
  })

  test('editing one file updates exactly its row; removing one deletes its row', async () => {
    const before = await rows()
    const file = join(contentDir, 'articles/job-hunting/salary-negotiation-first-offer.md')
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Salary Negotiation for Your First Offer', 'title: Negotiating Your First Salary'))
    const later = new Date('2025-05-01T00:00:00Z')

    expect(await seed(suite.db, { contentDir, log: memoryLog(), now: later })).toMatchObject({ added: 0, updated: 1, removed: 0 })
    const after = await rows()
    const changed = after.filter((row, i) => JSON.stringify(row) !== JSON.stringify(before[i]))
    expect(changed).toEqual([
      expect.objectContaining({ slug: 'salary-negotiation-first-offer', title: 'Negotiating Your First Salary', updatedAt: later }),
    ])

    rmSync(join(contentDir, 'articles/job-hunting/quick-word-on-follow-ups.md'))
    expect(await seed(suite.db, { contentDir, log: memoryLog() })).toMatchObject({ added: 0, updated: 0, removed: 1 })
    expect((await rows()).map((r) => r.slug)).not.toContain('quick-word-on-follow-ups')
  })

  test('a file whose slug or sub-category does not fit is skipped, not fatal', async () => {
    const dir = contentCopy()
    writeFileSync(
      join(dir, 'articles/job-hunting/wrong-name.md'),
      '---\ntitle: Wrong name\nslug: another-slug\ncategory: job-hunting\nsummary: A summary that is long enough.\nauthor: A B\npublished_at: 2025-01-01\ntags: []\n---\n\nBody.\n',
    )
    writeFileSync(
      join(dir, 'articles/job-hunting/wrong-sub.md'),
      '---\ntitle: Wrong sub\nslug: wrong-sub\ncategory: job-hunting\nsub_category: resumes\nsummary: A summary that is long enough.\nauthor: A B\npublished_at: 2025-01-01\ntags: []\n---\n\nBody.\n',
    )
    writeFileSync(join(dir, 'articles/job-hunting/no-frontmatter.md'), '# Just markdown\n')
    const log = memoryLog()
    const report = await seed(suite.db, { contentDir: dir, log })

    expect(report.skipped).toBe(4)
    expect(log.lines.join('\n')).toMatch(/wrong-name\.md: slug "another-slug" does not match its file name/)
    expect(log.lines.join('\n')).toMatch(/wrong-sub\.md: sub_category "resumes" is not a sub-category of job-hunting/)
    expect(log.lines.join('\n')).toMatch(/no-frontmatter\.md: must start with a frontmatter block/)
  })
})

test('headings get unique ids, a body h1 becomes an h2, and the plain text feeds narration', () => {
  const out = renderArticle('# Intro\n\n## Intro\n\nSome *text* with [a link](https://a.example).\n\n- one\n- two\n\n```\ncode\n```\n')
  expect(out.toc).toEqual([
    { id: 'intro', title: 'Intro', level: 2 },
    { id: 'intro-2', title: 'Intro', level: 2 },
  ])
  expect(out.html).toContain('<h2 id="intro">Intro</h2>')
  // Code scrolls sideways: a keyboard reaches it.
  expect(out.html).toContain('<pre tabindex="0"><code>code\n</code></pre>')
  expect(out.blocks).toEqual([
    { kind: 'heading', level: 2, text: 'Intro' },
    { kind: 'heading', level: 2, text: 'Intro' },
    { kind: 'paragraph', text: 'Some text with a link.' },
    { kind: 'item', text: 'one', depth: 1, marker: '•' },
    { kind: 'item', text: 'two', depth: 1, marker: '•' },
    { kind: 'code', text: 'code' },
  ])
})

test('a table is in the tab order, so a keyboard can scroll a wide one', () => {
  const out = renderArticle('| City | Rent |\n| --- | --- |\n| Paris | €1,200 |\n\n    indented code\n')
  expect(out.html).toContain('<table tabindex="0">')
  expect(out.html).toContain('<pre tabindex="0"><code>indented code\n</code></pre>')
})
