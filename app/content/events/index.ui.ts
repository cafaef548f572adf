export { EventCard } from "./components/event-card";
