#!/usr/bin/env node
/**
 * Fills every section of a running site's home page the way staff would: a photo for
 * each programme, five gallery photos and a YouTube video, a YouTube hero video, and a
 * photo on every story and upcoming event, all through the admin screens. For measuring
 * the page as donors will see it (README, "Measuring the home page").
 *
 *   node scripts/fill-homepage.mjs http://127.0.0.1:3000 admin 'the-admin-password'
 */
import sharp from "sharp";

const [base = "http://127.0.0.1:3000", username = "admin", password = process.env.ADMIN_PASSWORD ?? ""] =
  process.argv.slice(2);

const login = await fetch(`${base}/admin/login`, {
  method: "POST",
  body: new URLSearchParams({ username, password }),
  redirect: "manual",
  headers: { Origin: base },
});
if (login.status !== 302) throw new Error(`Signing in as ${username} failed (${login.status})`);
const cookie = login.headers
  .getSetCookie()
  .map((line) => line.split(";")[0])
  .join("; ");

/** A 2400x1600 photo-like JPEG (soft noise compresses about as well as a real photo). */
const photo = (shade) =>
  sharp({
    create: { width: 2400, height: 1600, channels: 3, noise: { type: "gaussian", mean: 90 + shade * 10, sigma: 40 } },
  })
    .blur(2)
    .jpeg({ quality: 85 })
    .toBuffer();

async function post(path, fields, file) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field, new Blob([file.data], { type: "image/jpeg" }), "photo.jpg");
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { cookie, Origin: base },
  });
  if (response.status !== 302) throw new Error(`${path} refused ${JSON.stringify(fields)} (${response.status})`);
}

const photoSlots = [
  "program_image_1",
  "program_image_2",
  "program_image_3",
  "gallery_item_1",
  "gallery_item_2",
  "gallery_item_3",
  "gallery_item_4",
  "gallery_item_5",
];
for (const [index, key] of photoSlots.entries())
  await post("/admin/media", { key, intent: "upload" }, { field: "file", data: await photo(index) });
await post("/admin/media", {
  key: "gallery_item_6",
  intent: "url",
  value: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
});
await post("/admin/media", { key: "hero_video", intent: "url", value: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });

const stories = await (await fetch(`${base}/api/stories/`)).json();
for (const [index, story] of stories.entries()) {
  const flags = {
    ...(story.is_active ? { is_active: "on" } : {}),
    ...(story.is_featured ? { is_featured: "on" } : {}),
  };
  const fields = {
    intent: "save",
    id: String(story.id),
    title: story.title,
    summary: story.summary,
    content: story.content,
    video_url: story.video_url,
    image_filename: "",
    ...flags,
  };
  await post("/admin/stories", fields, { field: "image_file", data: await photo(index + 3) });
}
const events = await (await fetch(`${base}/api/events/?upcoming_only=true`)).json();
for (const [index, event] of events.entries()) {
  const fields = {
    intent: "save",
    id: String(event.id),
    title: event.title,
    description: event.description,
    date: event.date.slice(0, 10),
    location: event.location,
    image: "",
  };
  await post("/admin/events", fields, { field: "image_file", data: await photo(index + 5) });
}
console.log(
  `Home page filled: 8 photos and 2 YouTube videos in the media slots, ${stories.length} story photos, ${events.length} event photos.`,
);
