export { ChatSession, type ChatOptions } from './chat-session.js';
export type { ChatCall, ChatTurn, ChatTranscript } from './transcript.js';
