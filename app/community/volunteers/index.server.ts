export {
  countVolunteers,
  deleteVolunteer,
  findVolunteerPage,
  getVolunteer,
  listVolunteers,
  readVolunteerFilter,
  signUpVolunteer,
  type VolunteerSignup,
  volunteersInBatches,
} from "./server/volunteers.server";
