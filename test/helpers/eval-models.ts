// Several models behind one local chat-completions server, each answering in its own deterministic way
// (by the model name the request carries), and a judge among them, for `skein eval` tests.
import { messageText, startFakeOpenAI, type ChatRequest, type FakeOpenAI } from './fake-openai.js';

const FRENCH: Record<string, string> = { 'Good morning': 'Bonjour', 'Thank you': 'Merci' };

/** The text of a request's user turns. */
function userText(request: ChatRequest): string {
  return request.messages
    .filter((m) => m.role === 'user')
    .map(messageText)
    .join('\n');
}

/** The system prompt of a request. */
function systemText(request: ChatRequest): string {
  return request.messages
    .filter((m) => m.role === 'system')
    .map(messageText)
    .join('\n');
}

/**
 * `fr-good` translates into French and, given the house style, signs its replies; `fr-bad` answers in
 * English and never signs; `judge` scores an answer 0.9 when it is signed "— the Skein team", else 0.1,
 * and says why. `delayMs` makes every answer wait.
 */
export function startEvalModels(delayMs = 0): Promise<FakeOpenAI> {
  return startFakeOpenAI((request) => {
    const user = userText(request);
    const reply = (text: string) => ({ text, ...(delayMs ? { delayMs } : {}) });
    if (request.model === 'judge') {
      const answer = user.split('Answer to grade:\n')[1] ?? '';
      const signed = answer.includes('— the Skein team');
      return reply(
        JSON.stringify({
          score: signed ? 0.9 : 0.1,
          reason: signed ? 'the reply is signed by the Skein team' : 'the reply is not signed',
        }),
      );
    }
    const good = request.model === 'fr-good';
    const phrase = Object.keys(FRENCH).find((p) => user.includes(p));
    if (phrase) return reply(good ? FRENCH[phrase] : `${phrase} to you, thank you`);
    const styled = systemText(request).includes('House style');
    return reply(
      good && styled
        ? 'Hello Ana, thank you for writing: it ships on Monday. — the Skein team'
        : 'It ships on Monday.',
    );
  });
}
