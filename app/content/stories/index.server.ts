export {
  createStory,
  deleteStory,
  findStoryPage,
  getStory,
  listStories,
  type Reader,
  type Story,
  storyCard,
  type StoryCard,
  updateStory,
} from "./server/stories.server";
