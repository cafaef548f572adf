export { listStories, type Reader, storyCard } from "./server/stories.server";
