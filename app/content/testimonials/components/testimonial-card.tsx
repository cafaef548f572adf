import { imageSources, UPLOAD_FOLDERS } from "~/content/media";
import { SafeImage } from "~/ui/safe-image";
import type { Testimonial } from "../rules/testimonial";
import { Stars } from "./stars";

/** A testimonial on the home page and /testimonials: photo, stars (5 unless rated), the words, name and country. */
export function TestimonialCard({
  testimonial,
}: {
  testimonial: Pick<Testimonial, "name" | "country" | "text" | "rating" | "image_filename">;
}) {
  const photo = imageSources(testimonial.image_filename, UPLOAD_FOLDERS.images);
  return (
    <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <Stars rating={testimonial.rating} />
      <blockquote className="mt-3 flex-1 text-slate-700">“{testimonial.text}”</blockquote>
      <figcaption className="mt-4 flex items-center gap-3">
        {photo ? (
          <SafeImage
            src={photo.src}
            srcSet={photo.srcSet}
            sizes="48px"
            alt=""
            width={48}
            height={48}
            className="h-12 w-12 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
          >
            {testimonial.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span>
          <span className="block font-semibold text-slate-900">{testimonial.name}</span>
          {testimonial.country ? <span className="block text-sm text-slate-600">{testimonial.country}</span> : null}
        </span>
      </figcaption>
    </figure>
  );
}
