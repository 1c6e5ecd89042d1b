import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { UnreadTextMessages } from '@servicebay/domain';
import type { ChatConversation } from './chat-rules.js';
import { useTextingLive } from './useTextingLive.js';

// The modal's code comes with its first opening, not with every page.
const ChatModal = lazy(() => import('./ChatModal.js').then((m) => ({ default: m.ChatModal })));

export interface ChatControls {
  storeId: string;
  /** The store's unread and failed texts (undefined while loading). */
  counts: UnreadTextMessages | undefined;
  /** Opens the chat, on a conversation when one is given. */
  open(conversation?: ChatConversation | null): void;
}

const ChatContext = createContext<ChatControls | null>(null);

/**
 * Customer texting for a store's signed-in worker: keeps the store's texts live
 * (`useTextingLive`) and holds the chat modal, which the dashboard and the order page open
 * (`useChat`). Without a store (root, an account's owner between stores) there is no chat.
 */
export function ChatProvider({ storeId, children }: { storeId: string | null; children: ReactNode }) {
  const counts = useTextingLive(storeId);
  const [chat, setChat] = useState<{ opened: boolean; selected: ChatConversation | null; at: number }>({
    opened: false,
    selected: null,
    at: 0,
  });
  const open = useCallback((conversation?: ChatConversation | null) => {
    setChat({ opened: true, selected: conversation ?? null, at: Date.now() });
  }, []);
  const close = useCallback(() => setChat((c) => ({ ...c, opened: false })), []);
  const value = useMemo(() => (storeId ? { storeId, counts, open } : null), [storeId, counts, open]);
  return (
    <ChatContext.Provider value={value}>
      {children}
      {storeId && chat.opened && (
        <Suspense fallback={null}>
          {/* Keyed by the opening: each one starts from the conversation it was opened on. */}
          <ChatModal key={chat.at} storeId={storeId} initial={chat.selected} onClose={close} />
        </Suspense>
      )}
    </ChatContext.Provider>
  );
}

/** The chat of the signed-in store, or null where there is none. */
export function useChat(): ChatControls | null {
  return useContext(ChatContext);
}
