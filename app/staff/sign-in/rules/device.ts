/**
 * A browser's User-Agent as a person reads it: "Firefox on Linux", "Safari on iPhone".
 * Worked out when shown (the raw text is what is kept), so a better reading later applies to
 * every session at once. An empty or unknown one is "Unknown browser".
 */
export function deviceLabel(userAgent: string): string {
  const ua = userAgent.trim();
  if (!ua) return "Unknown browser";
  const browser = browserOf(ua);
  const system = systemOf(ua);
  if (!browser && !system) return ua.length > 60 ? `${ua.slice(0, 57)}...` : ua;
  return `${browser ?? "Unknown browser"}${system ? ` on ${system}` : ""}`;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrom(e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bHeadlessChrome\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/^curl\//i, "curl"],
  [/^python-requests\//i, "Python requests"],
  [/^node-fetch|^undici|^node\b/i, "Node.js"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

function browserOf(ua: string): string | undefined {
  return BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
}

function systemOf(ua: string): string | undefined {
  return SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
}
