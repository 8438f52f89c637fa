// Splits a byte stream into text lines (UTF-8, LF or CRLF) without holding more than one chunk.
import type { ByteStream } from './bytes.ts';

export async function* lines(source: ByteStream): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of source) {
    rest += decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let nl = rest.indexOf('\n'); nl >= 0; nl = rest.indexOf('\n', start)) {
      yield rest.slice(start, nl).replace(/\r$/, '');
      start = nl + 1;
    }
    rest = rest.slice(start);
  }
  rest += decoder.decode();
  if (rest !== '') yield rest.replace(/\r$/, '');
}
