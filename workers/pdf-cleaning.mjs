// @ts-check
import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream } from "pdf-lib";

/**
 * What a proof PDF keeps: what its pages show, and nothing that says who made it or that
 * runs when it is opened. A PDF says who wrote it, with what, when and often where in its
 * information dictionary and in XMP metadata streams (on the catalogue, a page or an
 * image); a comment carries its author's name and the time it was written. It can also
 * act on its own: a script or a program launched when it opens (OpenAction, AA), scripts
 * in the catalogue's name tree, files attached inside it. All of that goes; a link to a
 * page or to a web address stays. Only the objects the document still uses are written,
 * so nothing left behind by an earlier revision of the file comes along.
 *
 * This module runs inside the PDF worker thread (pdf-rewrite.mjs), never in the server's
 * own thread.
 */

const name = PDFName.of;

/** Entries that hold descriptive data only, never what a page shows. */
const METADATA_KEYS = [name("Metadata"), name("PieceInfo")];
/** Actions that only move the reader (to a page, to an address); every other kind runs something. */
const HARMLESS_ACTIONS = new Set([name("GoTo"), name("URI")]);
/** Annotations that carry a file, a sound, a film or a script, and the pop-up notes that hold comments' text apart. */
const REMOVED_ANNOTATIONS = new Set(
  ["FileAttachment", "Popup", "Sound", "Movie", "Screen", "RichMedia", "3D"].map(name),
);
/** A comment's author (T), when it was written or changed, and its pop-up note. */
const COMMENT_DETAILS = [name("T"), name("M"), name("CreationDate"), name("Popup")];

/**
 * Cleans the loaded document in place.
 * @param {import("pdf-lib").PDFDocument} document
 */
export function cleanDocument(document) {
  const { context } = document;
  context.trailerInfo.Info = undefined;
  cleanCatalogue(document.catalog);
  for (const page of document.getPages()) cleanAnnotations(page.node);
  keepOnlyWhatIsReached(context);
}

/** @param {PDFDict} catalogue */
function cleanCatalogue(catalogue) {
  catalogue.delete(name("OpenAction"));
  // A portfolio is a cover for its attached files, which go.
  catalogue.delete(name("Collection"));
  const names = catalogue.lookupMaybe(name("Names"), PDFDict);
  names?.delete(name("JavaScript"));
  names?.delete(name("EmbeddedFiles"));
  // An XFA form is a second, scriptable rendering of the form: the AcroForm fields still show.
  catalogue.lookupMaybe(name("AcroForm"), PDFDict)?.delete(name("XFA"));
}

/**
 * Drops the annotations that carry files or media and the details that name a comment's
 * author. A form field's name (T on a widget) is how the form works, so it stays.
 * @param {PDFDict} page
 */
function cleanAnnotations(page) {
  const annotations = page.lookupMaybe(name("Annots"), PDFArray);
  if (!annotations) return;
  const kept = annotations.asArray().filter((entry) => {
    const annotation = page.context.lookup(entry);
    if (!(annotation instanceof PDFDict)) return false;
    const subtype = annotation.lookup(name("Subtype"));
    if (subtype instanceof PDFName && REMOVED_ANNOTATIONS.has(subtype)) return false;
    for (const key of COMMENT_DETAILS) {
      if (key !== name("T") || subtype !== name("Widget")) annotation.delete(key);
    }
    return true;
  });
  page.set(name("Annots"), page.context.obj(kept));
}

/**
 * Removes what runs from a dictionary met on the walk: additional actions (AA: on opening,
 * closing, printing a page, a field or the document) and any action but a plain link,
 * with the actions a plain link would chain after it (Next).
 * @param {PDFDict} dict
 */
function removeActions(dict) {
  dict.delete(name("AA"));
  const action = dict.lookup(name("A"));
  if (!(action instanceof PDFDict) || !action.has(name("S"))) return;
  const kind = action.lookup(name("S"));
  if (kind instanceof PDFName && HARMLESS_ACTIONS.has(kind)) action.delete(name("Next"));
  else dict.delete(name("A"));
}

/**
 * Walks the document from its catalogue, dropping metadata and actions on the way, then
 * deletes every object the walk did not reach (the information dictionary, removed
 * scripts and attachments among them).
 * @param {import("pdf-lib").PDFContext} context
 */
function keepOnlyWhatIsReached(context) {
  /** @type {Set<PDFRef>} */
  const reached = new Set();
  /** @type {(import("pdf-lib").PDFObject | undefined)[]} */
  const pending = [context.trailerInfo.Root];
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
      removeActions(dict);
      for (const [, value] of dict.entries()) pending.push(value);
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref)) context.delete(ref);
  }
}
