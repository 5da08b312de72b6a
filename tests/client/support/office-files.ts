// Small Word files and LinkedIn exports written here, byte for byte, for the import tests: a
// .docx is a zip of OOXML parts (the document, its styles, its list numbering, relationships),
// a LinkedIn export a zip of CSV files with the column headers the real export uses.
import { strToU8, zipSync } from 'fflate'

const W =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

type RunOptions = { bold?: boolean; size?: number }
/** A run of text; a tab is "\t". */
export const run = (text: string, { bold = false, size }: RunOptions = {}) => {
  const props = `${bold ? '<w:b/>' : ''}${size ? `<w:sz w:val="${size * 2}"/>` : ''}`
  const parts = text.split('\t').map((piece) => (piece ? `<w:t xml:space="preserve">${esc(piece)}</w:t>` : ''))
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}${parts.join('<w:tab/>')}</w:r>`
}

type ParagraphOptions = { style?: string; bullet?: boolean; align?: 'center' | 'right'; rightTab?: number }
/** A paragraph of runs (or of one plain text). */
export const para = (content: string | string[], { style, bullet, align, rightTab }: ParagraphOptions = {}) => {
  const runs = typeof content === 'string' ? run(content) : content.join('')
  const props = [
    style ? `<w:pStyle w:val="${style}"/>` : '',
    bullet ? '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>' : '',
    rightTab ? `<w:tabs><w:tab w:val="right" w:pos="${rightTab * 20}"/></w:tabs>` : '',
    align ? `<w:jc w:val="${align}"/>` : '',
  ].join('')
  return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${runs}</w:p>`
}

/** A table: each row a list of cells, each cell a list of paragraphs; widths in points. */
export const table = (widths: number[], rows: string[][][]) =>
  `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w * 20}"/>`).join('')}</w:tblGrid>${rows
    .map(
      (row) =>
        `<w:tr>${row.map((cell, i) => `<w:tc><w:tcPr><w:tcW w:w="${widths[i]! * 20}" w:type="dxa"/></w:tcPr>${cell.join('') || '<w:p/>'}</w:tc>`).join('')}</w:tr>`,
    )
    .join('')}</w:tbl>`

const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ${W}>
<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="22"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="259" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:rPr><w:sz w:val="56"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:spacing w:before="240" w:after="80"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="26"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/><w:pPr><w:ind w:left="720"/><w:spacing w:after="0"/></w:pPr></w:style>
</w:styles>`

const numbering = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering ${W}>
<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="\uf0b7"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr><w:rPr><w:rFonts w:ascii="Symbol" w:hAnsi="Symbol"/></w:rPr></w:lvl></w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
</w:numbering>`

/** A .docx with this body (paragraphs and tables), the styles above, and optionally a header part. */
export function docx(body: string[], { header }: { header?: string[] } = {}): Uint8Array<ArrayBuffer> {
  const headerRef = header ? '<w:headerReference w:type="default" r:id="rIdHeader"/>' : ''
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${W}><w:body>${body.join('')}<w:sectPr>${headerRef}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/></w:sectPr></w:body></w:document>`
  const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
<Relationship Id="rIdNumbering" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>
${header ? '<Relationship Id="rIdHeader" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>' : ''}
</Relationships>`
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    'word/document.xml': strToU8(document),
    'word/styles.xml': strToU8(styles),
    'word/numbering.xml': strToU8(numbering),
    'word/_rels/document.xml.rels': strToU8(rels),
  }
  if (header) files['word/header1.xml'] = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr ${W}>${header.join('')}</w:hdr>`)
  return zipSync(files) as Uint8Array<ArrayBuffer>
}

/** A zip of named text files (UTF-8). */
export const zipOf = (files: Record<string, string>): Uint8Array<ArrayBuffer> =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))) as Uint8Array<ArrayBuffer>

/** A Word resume in the usual shape: title, contact line, Heading 1 sections, bullets, a right tab for dates. */
export const wordResume = () =>
  docx([
    para('Łukasz Wiśniewski', { style: 'Title' }),
    para('lukasz.wisniewski@example.pl | +48 601 234 567 | Kraków, Poland'),
    para('Profile', { style: 'Heading1' }),
    para('Logistics analyst who plans routes across Central Europe and writes the tools to check them.'),
    para('Experience', { style: 'Heading1' }),
    para([run('Northwind Traders', { bold: true }), run(', Kraków\tMar 2021 – Present')], { rightTab: 451 }),
    para('Senior Logistics Analyst'),
    para('Cut empty truck kilometres by 18% with a weekly route review', { style: 'ListParagraph', bullet: true }),
    para('Trained six planners to read the delivery dashboard', { style: 'ListParagraph', bullet: true }),
    para([run('Contoso Freight', { bold: true }), run(', Wrocław\t2017 – 2021')], { rightTab: 451 }),
    para('Logistics Analyst'),
    para('Kept the depot’s customs papers in order for 40 carriers', { style: 'ListParagraph', bullet: true }),
    para('Education', { style: 'Heading1' }),
    para([run('Jagiellonian University', { bold: true }), run(', Master of Science in Economics\t2013 – 2017')], { rightTab: 451 }),
    para('Skills', { style: 'Heading1' }),
    para('SQL, Python, Excel, Route planning'),
    para('Languages', { style: 'Heading1' }),
    para('Polish (native), English (fluent), Русский (B1), 日本語 (A2), العربية (A1)'),
    para('Проекты', { style: 'Heading1' }),
    para('Карта маршрутов: a public map of night-bus routes in Kraków'),
  ])

/** LinkedIn's export as the real one writes it: BOM, CRLF, quoted fields with commas and line breaks, a "Notes" preamble. */
export function linkedInExport(extra: Record<string, string> = {}): Uint8Array<ArrayBuffer> {
  const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n')
  return zipOf({
    'Profile.csv':
      '\uFEFF' +
      crlf(
        'First Name,Last Name,Maiden Name,Address,Birth Date,Headline,Summary,Industry,Zip Code,Geo Location,Twitter Handles,Websites,Instant Messengers\n' +
          'Văn An,Nguyễn,,,"Mar 3, 1994","Data engineer | pipelines, dashboards","I build data pipelines for logistics firms.\n\nBefore that, I taught maths, physics and chemistry.",Software Development,,"Hanoi, Hà Nội, Vietnam",[nguyenvanan],"[PORTFOLIO:https://an.example.vn, BLOG:https://blog.an.example.vn]",\n',
      ),
    'Email Addresses.csv': crlf('Email Address,Confirmed,Primary,Updated On\nold@example.vn,Yes,No,1/2/20\nan.nguyen@example.vn,Yes,Yes,3/4/24\n'),
    'PhoneNumbers.csv': 'Extension,Number,Type\n,+84 91 234 5678,Mobile\n',
    'Positions.csv': crlf(
      'Company Name,Title,Description,Location,Started On,Finished On\n' +
        'Saigon Data Co.,Data Engineer,"• Built the nightly load from 14 warehouses, in Airflow\n• Cut report time from 2 hours to 9 minutes",Ho Chi Minh City,Jan 2022,\n' +
        '"Łukasz & Partners, sp. z o.o.",Analyst,"Wrote the ""weekly"" sales report",Kraków,2019,Dec 2021\n',
    ),
    'Education.csv':
      'School Name,Start Date,End Date,Notes,Degree Name,Activities\nHanoi University of Science and Technology,2012,2016,Thesis on route planning,Bachelor of Engineering,Chess club\n',
    'Skills.csv': 'Name\nPython\nSQL\nApache Airflow\n',
    'Languages.csv':
      'Name,Proficiency\nTiếng Việt,Native or bilingual proficiency\nEnglish,Full professional proficiency\nРусский,Limited working proficiency\n日本語,Elementary proficiency\nالعربية,\n',
    'Certifications.csv':
      'Name,Url,Authority,Started On,Finished On,License Number\nAWS Certified Data Engineer,https://example.com/cert/123,Amazon Web Services (AWS),Jun 2023,Jun 2026,ABC-123\n',
    'Connections.csv':
      'Notes:\n"When exporting your connection data, you may notice..."\n\nFirst Name,Last Name,URL,Email Address,Company,Position,Connected On\nA,B,,,,,01 Jan 2024\n',
    ...extra,
  })
}
