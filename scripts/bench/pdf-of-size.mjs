// Valid PDFs of an exact size, for CV uploads: the server parses every CV with pdf-lib, so the
// padding has to be a real (unused) stream object, not bytes appended after %%EOF.
import { PDFDocument, PDFName } from 'pdf-lib';

/** A valid, empty one-page PDF (about 600 bytes). */
export async function minimalPdf() {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A valid one-page PDF padded with an unused stream to exactly `size` bytes. */
export async function pdfOfSize(size) {
  const build = async (padding) => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    const stream = doc.context.stream(new Uint8Array(padding).fill(0x20));
    doc.catalog.set(PDFName.of('PieceInfo'), doc.context.register(stream));
    return Buffer.from(await doc.save({ useObjectStreams: false }));
  };
  let padding = Math.max(0, size - (await build(0)).length);
  for (let attempt = 0; attempt < 5; attempt++) {
    const bytes = await build(padding);
    if (bytes.length === size) return bytes;
    padding += size - bytes.length;
  }
  throw new Error(`could not build a PDF of exactly ${size} bytes`);
}
