export { HeroVideo } from "./components/hero-video";
