/**
 * The origin written into canonical and Open Graph URLs of pre-rendered pages. The server
 * replaces it with PUBLIC_SITE_URL when it serves them, so one build fits any host.
 */
export const BUILD_ORIGIN = "http://localhost:3000";
