export type Encoding = "br" | "gzip" | "identity";

/** br when the client takes it, else gzip, else none (a plain token match). */
export function preferredEncoding(accepted: string | undefined): Encoding {
  if (!accepted) return "identity";
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return "identity";
}
