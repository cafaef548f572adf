/**
 * Small but well-formed MP4 files built box by box, as a phone writes them: `ftyp`, a
 * `moov` index holding the recording place (`udta/©xyz`, Apple's `meta`, and the same in
 * a track), then the `mdat` samples.
 */
export const RECORDED_AT = "+33.5000+036.3000/";

function box(type: string, ...children: Uint8Array[]): Buffer {
  const payload = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, payload]);
}

const text = (value: string) => Buffer.from(value, "latin1");

export function phoneVideo({ brand = "isom", samples = 4000 }: { brand?: string; samples?: number } = {}): Buffer {
  const location = box("udta", box("\u00a9xyz", text(`\u0000\u0012\u0015\u00c7${RECORDED_AT}`)));
  const appleMeta = box(
    "meta",
    Buffer.alloc(4),
    box("keys", text("com.apple.quicktime.location.ISO6709")),
    box("ilst", text(RECORDED_AT)),
  );
  const track = box(
    "trak",
    box("tkhd", Buffer.alloc(84)),
    box("mdia", box("mdhd", Buffer.alloc(24))),
    box("udta", box("\u00a9xyz", text(RECORDED_AT))),
  );
  const moov = box("moov", box("mvhd", Buffer.alloc(100)), track, location, appleMeta);
  const media = box("mdat", Buffer.alloc(samples, 0x5a));
  return Buffer.concat([box("ftyp", text(brand), Buffer.alloc(4), text(`${brand}mp41`)), moov, media]);
}

/** An iPhone photo's container: HEIF boxes, brand `heic`, with the location in plain sight. */
export function heicPhoto(): Buffer {
  return Buffer.concat([
    box("ftyp", text("heic"), Buffer.alloc(4), text("mif1heic")),
    box("meta", Buffer.alloc(4), text(`GPS ${RECORDED_AT}`)),
    box("mdat", Buffer.alloc(2000, 1)),
  ]);
}
