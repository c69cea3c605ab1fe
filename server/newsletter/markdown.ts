/**
 * A small Markdown subset for campaign bodies, rendered to mail-safe html: every character of
 * the source is escaped first, then only our own tags are added. Paragraphs, `#`/`##`/`###`
 * headings, `-`/`*` lists, **bold**, *italic*, and [links](https://…) (http/https/mailto only).
 */
import { escapeHtml } from "../mail/compose";

function inline(escaped: string): string {
  return escaped
    .replace(/\[([^\]]+)\]\(((?:https?:\/\/|mailto:)[^\s)]+)\)/g, (_m, label: string, href: string) => `<a href="${href}">${label}</a>`)
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, "$1<em>$2</em>");
}

export function markdownToHtml(source: string): string {
  const blocks = source.replace(/\r\n?/g, "\n").split(/\n{2,}/);
  const html: string[] = [];
  for (const block of blocks) {
    const lines = block.split("\n").filter((line) => line.trim() !== "");
    if (lines.length === 0) continue;
    const heading = /^(#{1,3})\s+(.*)$/.exec(lines[0]!);
    if (heading && lines.length === 1) {
      const level = heading[1]!.length + 1;
      html.push(`<h${level}>${inline(escapeHtml(heading[2]!))}</h${level}>`);
    } else if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
      html.push(`<ul>${lines.map((line) => `<li>${inline(escapeHtml(line.replace(/^\s*[-*]\s+/, "")))}</li>`).join("")}</ul>`);
    } else {
      html.push(`<p>${lines.map((line) => inline(escapeHtml(line))).join("<br>")}</p>`);
    }
  }
  return html.join("\n");
}
