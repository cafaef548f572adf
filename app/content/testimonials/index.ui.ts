export { TestimonialCard } from "./components/testimonial-card";
