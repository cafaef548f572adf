import { open, readFile, writeFile } from "node:fs/promises";
import { EncryptedPDFError, PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFContext, type PDFObject } from "pdf-lib";

/**
 * PDFs staff keep as proof of a disbursement (a receipt, a bank statement, a signed
 * letter). A PDF says who wrote it, with what, when and often where in two places: the
 * document information dictionary (Title, Author, Creator, Producer, dates) and XMP
 * metadata streams, which may hang from the catalogue, a page or an image. The file is
 * rewritten with both gone and with only the objects the document itself still uses, so
 * nothing left over from an earlier revision of the file comes along.
 */

const PDF_MAGIC = Buffer.from("%PDF-", "latin1");
/** Entries that hold descriptive data only, never what a page shows. */
const METADATA_KEYS = [PDFName.of("Metadata"), PDFName.of("PieceInfo")];

/** Why a PDF cannot be kept, in words staff read after "This PDF could not be read: ". */
export class UnreadablePdfError extends Error {}

/** Whether a file is a PDF by its own first bytes. */
export async function isPdf(path: string): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(PDF_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(PDF_MAGIC);
  } finally {
    await handle.close();
  }
}

/** Rewrites the PDF at `path` without its information dictionary and XMP metadata. */
export async function stripPdfMetadata(path: string): Promise<void> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(await readFile(path), { updateMetadata: false });
    // A file that only starts like a PDF parses to nothing: no catalogue, no pages.
    if (!document.context.trailerInfo.Root || document.getPageCount() === 0) throw new UnreadablePdfError("it has no pages");
  } catch (error) {
    if (error instanceof UnreadablePdfError) throw error;
    if (error instanceof EncryptedPDFError) throw new UnreadablePdfError("it is protected by a password");
    throw new UnreadablePdfError("it is damaged");
  }
  keepOnlyWhatPagesUse(document.context);
  const bytes = await document.save({ useObjectStreams: false, updateFieldAppearances: false, addDefaultPage: false });
  await writeFile(path, bytes);
}

/**
 * Walks the document from its catalogue, dropping metadata entries on the way, then
 * deletes every object the walk did not reach (the information dictionary among them).
 */
function keepOnlyWhatPagesUse(context: PDFContext): void {
  context.trailerInfo.Info = undefined;
  const reached = new Set<PDFRef>();
  const pending: (PDFObject | undefined)[] = [context.trailerInfo.Root];
  while (pending.length) {
    const object = pending.pop();
    if (object instanceof PDFRef) {
      if (reached.has(object)) continue;
      reached.add(object);
      pending.push(context.lookup(object));
      continue;
    }
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
    if (dict) {
      for (const key of METADATA_KEYS) dict.delete(key);
      for (const [, value] of dict.entries()) pending.push(value);
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref)) context.delete(ref);
  }
}
