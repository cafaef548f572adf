import { open, type FileHandle } from "node:fs/promises";

/**
 * Videos staff upload: what container a file really is (by its bytes), and, for MP4,
 * the removal of the boxes where phones write where and with what a clip was recorded
 * (`udta` with its ©xyz location, `meta`, `uuid` for XMP). Those boxes are overwritten
 * in place as `free` boxes of the same size, which every player skips, so no sample
 * offset moves and the file is never rewritten or held whole in memory (only `moov`,
 * the index, is read, and it is small beside the media).
 */

/** Major brands of MP4 video. HEIF/AVIF stills (heic, mif1, avif...) share the box format and are not videos. */
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "iso7",
  "iso8",
  "iso9",
  "mp41",
  "mp42",
  "avc1",
  "dash",
  "M4V ",
  "M4VH",
  "M4VP",
  "MSNV",
  "mmp4",
  "f4v ",
]);
/** QuickTime: what iPhones record. Same boxes, but browsers cannot be relied on to play it. */
const QUICKTIME_BRAND = "qt  ";
const EBML_MAGIC = 0x1a45dfa3;
/** Boxes inside `moov` that hold only descriptive data, never samples or timing. */
const METADATA_BOXES = new Set(["udta", "meta", "uuid"]);
/** Boxes whose children are boxes, walked to find metadata in tracks too. */
const CONTAINER_BOXES = new Set(["moov", "trak", "mdia", "minf"]);
const MAX_MOOV_BYTES = 32 * 1024 * 1024;

export type VideoContainer = "mp4" | "webm";

/** A QuickTime movie (an iPhone's .MOV): refused, but worth a message of its own. */
export async function isQuickTimeMovie(path: string): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, 12, 0);
    return (
      bytesRead === 12 && head.toString("latin1", 4, 8) === "ftyp" && head.toString("latin1", 8, 12) === QUICKTIME_BRAND
    );
  } finally {
    await handle.close();
  }
}

export class UnreadableVideoError extends Error {}

export async function videoContainer(path: string): Promise<VideoContainer | null> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, 64, 0);
    if (bytesRead >= 12 && head.toString("latin1", 4, 8) === "ftyp")
      return MP4_BRANDS.has(head.toString("latin1", 8, 12)) ? "mp4" : null;
    // Matroska and WebM share the EBML header; its DocType says which (ID 0x4282).
    if (bytesRead >= 4 && head.readUInt32BE(0) === EBML_MAGIC) {
      const docType = head.indexOf(Buffer.from([0x42, 0x82]));
      return docType > 0 && head.toString("latin1", docType + 3, docType + 7) === "webm" ? "webm" : null;
    }
    return null;
  } finally {
    await handle.close();
  }
}

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

/** The box at `offset` of a file of `length` bytes, or null past the end. */
async function readBoxHeader(handle: FileHandle, offset: number, length: number): Promise<Box | null> {
  if (offset + 8 > length) return null;
  const header = Buffer.alloc(16);
  await handle.read(header, 0, 16, offset);
  let size = header.readUInt32BE(0);
  let headerSize = 8;
  if (size === 1) {
    size = Number(header.readBigUInt64BE(8));
    headerSize = 16;
  } else if (size === 0) {
    size = length - offset; // the last box runs to the end of the file
  }
  if (size < headerSize || offset + size > length) throw new UnreadableVideoError("box size out of range");
  return { type: header.toString("latin1", 4, 8), start: offset, headerSize, size };
}

function boxesIn(buffer: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  for (let offset = from; offset + 8 <= to;) {
    let size = buffer.readUInt32BE(offset);
    let headerSize = 8;
    if (size === 1) {
      if (offset + 16 > to) throw new UnreadableVideoError("box header cut short");
      size = Number(buffer.readBigUInt64BE(offset + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < headerSize || offset + size > to) throw new UnreadableVideoError("box size out of range");
    boxes.push({ type: buffer.toString("latin1", offset + 4, offset + 8), start: offset, headerSize, size });
    offset += size;
  }
  return boxes;
}

/** Turns a box into a `free` box of the same size with nothing in it. */
function blank(buffer: Buffer, box: Box): void {
  buffer.write("free", box.start + 4, "latin1");
  buffer.fill(0, box.start + box.headerSize, box.start + box.size);
}

/** Blanks the metadata boxes inside a `moov` held in `buffer`; returns how many. */
function blankMetadata(buffer: Buffer, from: number, to: number): number {
  let blanked = 0;
  for (const box of boxesIn(buffer, from, to)) {
    if (METADATA_BOXES.has(box.type)) {
      blank(buffer, box);
      blanked += 1;
    } else if (CONTAINER_BOXES.has(box.type)) {
      blanked += blankMetadata(buffer, box.start + box.headerSize, box.start + box.size);
    }
  }
  return blanked;
}

/**
 * Removes recording metadata from an MP4 in place. Throws UnreadableVideoError when the
 * box structure does not hold together (the file is then refused, not published).
 */
export async function stripMp4Metadata(path: string): Promise<number> {
  const handle = await open(path, "r+");
  try {
    const { size: length } = await handle.stat();
    let blanked = 0;
    for (let offset = 0; ;) {
      const box = await readBoxHeader(handle, offset, length);
      if (!box) break;
      if (METADATA_BOXES.has(box.type)) {
        await handle.write(Buffer.from("free", "latin1"), 0, 4, box.start + 4);
        await zeroRange(handle, box.start + box.headerSize, box.start + box.size);
        blanked += 1;
      } else if (box.type === "moov") {
        if (box.size > MAX_MOOV_BYTES) throw new UnreadableVideoError("index too large");
        const moov = Buffer.alloc(box.size);
        await handle.read(moov, 0, box.size, box.start);
        const inMoov = blankMetadata(moov, box.headerSize, box.size);
        if (inMoov > 0) await handle.write(moov, 0, box.size, box.start);
        blanked += inMoov;
      }
      offset = box.start + box.size;
    }
    return blanked;
  } finally {
    await handle.close();
  }
}

async function zeroRange(handle: FileHandle, from: number, to: number): Promise<void> {
  const zeros = Buffer.alloc(Math.min(64 * 1024, Math.max(0, to - from)));
  for (let offset = from; offset < to; offset += zeros.length) {
    await handle.write(zeros, 0, Math.min(zeros.length, to - offset), offset);
  }
}
