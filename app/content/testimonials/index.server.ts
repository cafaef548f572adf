export {
  approveTestimonial,
  createTestimonial,
  deleteTestimonial,
  findTestimonialPage,
  getTestimonial,
  listTestimonials,
  submitTestimonial,
  type Testimonial,
  updateTestimonial,
} from "./server/testimonials.server";
