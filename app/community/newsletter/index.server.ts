export {
  addressOfNewsletterLink,
  confirmSubscription,
  countSubscribersByStatus,
  findSubscriberPage,
  getSubscriber,
  type NewsletterSubscriber,
  readSubscriberFilter,
  removeSubscriber,
  sendNewsletter,
  subscribersInBatches,
  subscribeToNewsletter,
  unsubscribe,
} from "./server/newsletter.server";
