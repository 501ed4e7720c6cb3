import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { PDF_DATA_URL_PREFIX } from '../../src/shared/limits';

export const toDataUrl = (bytes: Uint8Array, prefix = PDF_DATA_URL_PREFIX): string =>
  prefix + Buffer.from(bytes).toString('base64');

/** An ordinary one-page CV, with a link (links are normal in CVs and must be accepted). */
export async function validPdf(text = 'Jane Doe - Curriculum Vitae'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(text, { x: 50, y: 780, size: 18, font });
  page.drawText('Experience: five years in customer service.', { x: 50, y: 750, size: 12, font });
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [50, 700, 250, 720],
    A: { S: 'URI', URI: PDFString.of('https://example.com/jane') },
  });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  return Buffer.from(await doc.save());
}

/** A valid PDF padded with an unreferenced-free stream so that the file is exactly `size` bytes. */
export async function pdfOfSize(size: number): Promise<Buffer> {
  const build = async (padding: number) => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    const stream = doc.context.stream(new Uint8Array(padding).fill(0x20));
    doc.catalog.set(PDFName.of('PieceInfo'), doc.context.register(stream));
    return Buffer.from(await doc.save({ useObjectStreams: false }));
  };
  let padding = size - (await build(0)).length;
  for (let attempt = 0; attempt < 5; attempt++) {
    const bytes = await build(padding);
    if (bytes.length === size) return bytes;
    padding += size - bytes.length;
  }
  throw new Error(`could not build a PDF of exactly ${size} bytes`);
}

/**
 * A hand-written PDF whose objects are given as text, with a correct cross-reference table:
 * the way to write names that a PDF library would normalise, such as /J#61vaScript.
 */
export function rawPdf(objects: string[]): Buffer {
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const pageObjects = [
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
];

export const pdfWithCatalogEntry = (entry: string): Buffer =>
  rawPdf([`<< /Type /Catalog /Pages 2 0 R ${entry} >>`, ...pageObjects]);

export const pdfWithOpenActionJavaScript = () =>
  pdfWithCatalogEntry('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>');
export const pdfWithHiddenJavaScriptName = () =>
  pdfWithCatalogEntry('/OpenAction << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>');
export const pdfWithLaunchAction = () => pdfWithCatalogEntry('/OpenAction << /S /Launch /F (calc.exe) >>');
export const pdfWithEmbeddedFile = () =>
  rawPdf([
    '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >> >>',
    ...pageObjects,
    '<< /Type /Filespec /F (a.exe) /EF << /F 5 0 R >> >>',
    '<< /Type /EmbeddedFile /Length 4 >>\nstream\nMZ!!\nendstream',
  ]);

/** The first bytes of a PNG: what a renamed image looks like. */
export const pngBytes = (): Buffer =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from(
      '0000000d49484452000000010000000108060000001f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082',
      'hex',
    ),
  ]);

/** Names hidden with lower-case hex escapes: /#4aavaScript is /JavaScript (0x4a is 'J'), /#4aS is /JS. */
export const pdfWithLowercaseHexJavaScriptName = () =>
  pdfWithCatalogEntry('/OpenAction << /S /#4aavaScript /#4aS (app.alert\\(1\\)) >>');
/** /#4caunch is /Launch (0x4c is 'L'). */
export const pdfWithLowercaseHexLaunch = () =>
  pdfWithCatalogEntry('/OpenAction << /S /#4caunch /F (calc.exe) >>');
/** A page whose additional actions run JavaScript when it opens. */
export const pdfWithPageAdditionalActionJavaScript = () =>
  rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /AA << /O 4 0 R >> >>',
    '<< /S /JavaScript /JS (app.alert\\(1\\)) >>',
  ]);
/** Document-level JavaScript in the catalog's name tree. */
export const pdfWithNamedJavaScript = () =>
  pdfWithCatalogEntry('/Names << /JavaScript << /Names [(init) << /S /JavaScript /JS (1) >>] >> >>');
/** A link action that opens a web address: ordinary in a CV, and accepted. */
export const pdfWithUriOpenAction = () =>
  pdfWithCatalogEntry('/OpenAction << /S /URI /URI (https://example.com/portfolio) >>');

/**
 * An /OpenAction JavaScript action stored inside a compressed object stream (PDF 1.5+), where a
 * byte scan of the file cannot see it: only a real parse finds it.
 */
export async function pdfWithJavaScriptInObjectStream(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  doc.catalog.set(
    PDFName.of('OpenAction'),
    doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
  );
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** The first half of a document: what an interrupted upload or a damaged file looks like. */
export const truncatedPdf = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.subarray(0, Math.floor(bytes.length / 2)));
