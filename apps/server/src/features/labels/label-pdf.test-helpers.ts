/**
 * Reads a label PDF back for tests with pdf-lib: its pages, the text each page draws (the operands of
 * its text operators, decoded from the page's compressed content streams) and the images it embeds.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
} from 'pdf-lib';

export interface LabelPdfView {
  pages: number;
  size: { width: number; height: number };
  title: string | undefined;
  /** Each piece of text the first page draws, in drawing order. */
  text: string[];
  /** The images the first page embeds (XObjects of subtype Image). */
  images: { width: number; height: number }[];
}

const number = (dict: PDFDict, key: string) => dict.lookup(PDFName.of(key), PDFNumber).asNumber();

export async function readLabelPdf(bytes: Uint8Array): Promise<LabelPdfView> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(0);
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => doc.context.lookup(ref))
      : [contents];
  let operators = '';
  for (const stream of streams) {
    if (stream instanceof PDFRawStream) {
      operators += Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    }
  }
  const text = [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) =>
    Buffer.from(m[1]!, 'hex').toString('latin1'),
  );
  const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const images = (xobjects?.keys() ?? [])
    .map((key) => xobjects!.lookup(key))
    .filter(
      (x): x is PDFRawStream =>
        x instanceof PDFRawStream && x.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    )
    .map((image) => ({ width: number(image.dict, 'Width'), height: number(image.dict, 'Height') }));
  return {
    pages: doc.getPageCount(),
    size: page.getSize(),
    title: doc.getTitle(),
    text,
    images,
  };
}
