export { type CharityEvent, findEventPage, createEvent, deleteEvent, eventsByTiming, foundationToday, getEvent, listEvents, updateEvent } from "./events.server";
export { loadHomepage } from "./homepage.server";
export { findSlot, isYouTubeVideoShown, listMediaSlots, type MediaSlotValue, removeMedia, saveMediaUrl, uploadMedia } from "./media.server";
export { photoUpload, uploadReference } from "./upload-references.server";
export { chooseTotalRaised, createSetting, deleteSetting, ensureDefaultSettings, getImpactStatistics, getSetting, type ImpactStatistics, listImpactStatistics, listSettings, type Setting, settingValues, type TotalRaised, totalRaisedChoice, updateSetting } from "./settings.server";
export { createStory, findStoryPage, deleteStory, getStory, listStories, type Story, storyCard, type StoryCard, updateStory } from "./stories.server";
export { approveTestimonial, createTestimonial, deleteTestimonial, findTestimonialPage, getTestimonial, listTestimonials, submitTestimonial, type Testimonial, updateTestimonial } from "./testimonials.server";
