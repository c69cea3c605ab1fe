/**
 * A deliberately small Markdown renderer for the assistant's replies, straight to React elements:
 * paragraphs, line breaks, headings (as bold lines), bullet and numbered lists, fenced and inline
 * code, bold, italic and links. Never raw HTML (everything is text in React), no images (an image
 * would fetch a URL the model chose: a way to leak the conversation; its alt text is shown), and
 * links only to http(s), opened in a new tab with rel="noopener noreferrer".
 */
import type { ReactNode } from "react";

export function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

// code | image | link | bold | italic | bare URL
const INLINE =
  /`([^`\n]+)`|!\[([^\]\n]*)\]\(([^)\s]*)\)|\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+)\*\*|__([^_\n]+)__|\*([^*\n]+)\*|(?<![\w])_([^_\n]+)_(?![\w])|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/g;

/**
 * Inline Markdown to React nodes. Inside a link (`inLink`), nothing may become another link: an
 * <a> inside an <a> is invalid HTML and ambiguous to click, so bare URLs and nested links there
 * stay plain text and only the outer link points anywhere.
 */
export function renderInline(text: string, keyPrefix = "i", inLink = false): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index;
    if (index > last) out.push(text.slice(last, index));
    const key = `${keyPrefix}-${n++}`;
    const [, code, imageAlt, , linkText, linkUrl, bold1, bold2, italic1, italic2, bare] = match;
    if (code !== undefined) out.push(<code key={key} className="rounded bg-surface px-1 font-mono text-[0.9em]">{code}</code>);
    else if (imageAlt !== undefined) out.push(imageAlt);
    else if (linkText !== undefined) {
      const href = inLink ? undefined : safeHref(linkUrl ?? "");
      out.push(
        href ? (
          <a key={key} href={href} target="_blank" rel="noopener noreferrer" className="underline">
            {renderInline(linkText, key, true)}
          </a>
        ) : (
          linkText
        ),
      );
    } else if (bold1 !== undefined || bold2 !== undefined) out.push(<strong key={key}>{renderInline(bold1 ?? bold2 ?? "", key, inLink)}</strong>);
    else if (italic1 !== undefined || italic2 !== undefined) out.push(<em key={key}>{italic1 ?? italic2}</em>);
    else if (bare !== undefined) {
      const href = inLink ? undefined : safeHref(bare);
      out.push(
        href ? (
          <a key={key} href={href} target="_blank" rel="noopener noreferrer" className="underline break-all">
            {bare}
          </a>
        ) : (
          bare
        ),
      );
    }
    last = index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function withBreaks(lines: string[], key: string): ReactNode[] {
  const out: ReactNode[] = [];
  lines.forEach((line, i) => {
    if (i > 0) out.push(<br key={`${key}-br${i}`} />);
    out.push(...renderInline(line, `${key}-${i}`));
  });
  return out;
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*)$/;
const FENCE = /^\s*```/;

export function Markdown({ text }: { text: string }) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const blocks: ReactNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    const key = `b${blocks.length}`;
    if (line.trim() === "") {
      i++;
      continue;
    }
    if (FENCE.test(line)) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !FENCE.test(lines[i] ?? "")) code.push(lines[i++] ?? "");
      i++;
      blocks.push(
        <pre key={key} className="my-2 overflow-x-auto rounded bg-surface p-2 font-mono text-sm">
          <code>{code.join("\n")}</code>
        </pre>,
      );
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push(
        <p key={key} className="mt-2 font-semibold">
          {renderInline(heading[1] ?? "", key)}
        </p>,
      );
      i++;
      continue;
    }
    const listPattern = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : undefined;
    if (listPattern) {
      const items: string[] = [];
      while (i < lines.length && listPattern.test(lines[i] ?? "")) items.push(listPattern.exec(lines[i++] ?? "")?.[1] ?? "");
      const children = items.map((item, j) => <li key={`${key}-${j}`}>{renderInline(item, `${key}-${j}`)}</li>);
      blocks.push(
        listPattern === BULLET ? (
          <ul key={key} className="my-2 list-disc space-y-1 pl-5">
            {children}
          </ul>
        ) : (
          <ol key={key} className="my-2 list-decimal space-y-1 pl-5">
            {children}
          </ol>
        ),
      );
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length) {
      const next = lines[i] ?? "";
      if (next.trim() === "" || FENCE.test(next) || HEADING.test(next) || BULLET.test(next) || NUMBERED.test(next)) break;
      paragraph.push(next);
      i++;
    }
    blocks.push(
      <p key={key} className="my-1 first:mt-0 last:mb-0">
        {withBreaks(paragraph, key)}
      </p>,
    );
  }
  return <>{blocks}</>;
}
