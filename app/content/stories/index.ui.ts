export { FeaturedStoryCard } from "./components/story-cards";
