export { VOLUNTEER_INTERESTS, type VolunteerSignupInput, volunteerSignupSchema } from "./rules/community-schemas";
