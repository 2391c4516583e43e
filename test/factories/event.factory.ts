import { randomBytes } from 'node:crypto';

export type EventBody = {
  eventId: string;
  conversationId: string;
  text: string;
  userIdHash?: string;
  turnIndex?: number;
  speakerType?: string;
  timestamp?: string;
  characterId?: string;
};

const token = (): string => randomBytes(6).toString('hex');

export const newConversationId = (): string => `conv_${token()}`;

/** An event in the seed's shape: fresh ids unless given. */
export function makeEvent(overrides: Partial<EventBody> = {}): EventBody {
  const conversationId = overrides.conversationId ?? newConversationId();
  const turnIndex = overrides.turnIndex ?? 0;
  return {
    eventId: `evt_${token()}_${turnIndex}`,
    conversationId,
    userIdHash: `u_${token()}`,
    turnIndex,
    speakerType: 'user',
    text: 'Hi! How was your day? Mine was pretty relaxing.',
    timestamp: '2025-03-14T09:26:53.589Z',
    characterId: 'char_luna',
    ...overrides,
  };
}
