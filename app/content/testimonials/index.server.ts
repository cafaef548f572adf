export { listTestimonials } from "./server/testimonials.server";
