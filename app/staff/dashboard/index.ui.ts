export { StatCard } from "./components/stat-card";
