import sharp from "sharp";

/** A JPEG as a phone takes it: the camera's make and a GPS position in its EXIF. */
export async function phonePhoto(width = 2400, height = 1600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Family Camera" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "33/1 30/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "36/1 18/1 0/1" },
    })
    .toBuffer();
}

/** What in a photo's bytes could tell where or with what it was taken. */
export async function identifyingMetadata(
  bytes: Buffer,
): Promise<{ exif: boolean; xmp: boolean; iptc: boolean; camera: boolean }> {
  const meta = await sharp(bytes).metadata();
  return {
    exif: meta.exif !== undefined,
    xmp: meta.xmp !== undefined,
    iptc: meta.iptc !== undefined,
    camera: bytes.includes(Buffer.from("PhoneMaker")),
  };
}
