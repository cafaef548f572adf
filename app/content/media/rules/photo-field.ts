import { z } from "~/shared/zod";
import { isDemoPhotoPath, isUploadedFileName, isValidPhotoUrl, PHOTO_EXTENSIONS, PHOTO_URL_ERROR } from "./media-urls";

/**
 * The photo rule: optional, but when given an http(s) photo URL (media-urls.ts), the name of a
 * photo uploaded to this site, or the path of one of the demo's photos shipped with it.
 */
export const photoField = z
  .string({ message: PHOTO_URL_ERROR })
  .trim()
  .max(2000, { message: PHOTO_URL_ERROR, abort: true })
  .refine(
    (value) =>
      value === "" || isValidPhotoUrl(value) || isUploadedFileName(value, PHOTO_EXTENSIONS) || isDemoPhotoPath(value),
    PHOTO_URL_ERROR,
  )
  .nullish()
  .transform((value) => value ?? "");
