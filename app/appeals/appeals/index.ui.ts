export { AppealCard } from "./components/appeal-card";
