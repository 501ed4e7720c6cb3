import { PDF_DATA_URL_PREFIX } from '../../shared/limits';

const HEAD = `{"pdfFile":"${PDF_DATA_URL_PREFIX}`;

/**
 * `{ pdfFile, fileSize }` (the PdfAnswer of the contract) written straight into one buffer. Base64
 * needs no JSON escaping, so the 7 MB of text of a 5 MB CV is encoded once, with no serializer
 * scanning it and no string concatenations copying it.
 */
export function pdfAnswerJson(bytes: Buffer): Buffer {
  const tail = `","fileSize":${bytes.length}}`;
  const base64Length = Math.ceil(bytes.length / 3) * 4;
  const answer = Buffer.allocUnsafe(HEAD.length + base64Length + tail.length);
  let offset = answer.write(HEAD, 0, 'latin1');
  offset += answer.write(bytes.toString('base64'), offset, 'latin1');
  answer.write(tail, offset, 'latin1');
  return answer;
}
