export { CODE_NEEDED_MESSAGE, SECURITY_PATH, SETUP_REQUIRED_MESSAGE, secondStepSchema } from "./rules/two-factor";
