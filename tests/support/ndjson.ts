/**
 * Splits an NDJSON stream into parsed lines as chunks arrive (a line may span chunks, a chunk may
 * hold several lines).
 *
 *   const push = ndjsonSplitter<ReplyEvent>((event) => events.push(event));
 *   push(chunkText);
 */
export function ndjsonSplitter<T>(onLine: (line: T) => void): (text: string) => void {
  let buffer = "";
  return (text) => {
    buffer += text;
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.trim()) onLine(JSON.parse(line) as T);
    }
  };
}
