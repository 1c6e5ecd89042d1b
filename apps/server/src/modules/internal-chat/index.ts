/**
 * The internal chat module's front door: the shop's chat per repair order (docs/internal-chat.md),
 * its chat tokens and its routes. The composition root gives it the outbox, the file linker and
 * the store check.
 */
export { createInternalChatService, workspaceOf, type InternalChatService, type InternalChatDeps } from './internal-chat.service.js';
export { createChatTokenSigner, type ChatTokenSigner } from './chat-token.js';
export { internalChatRoutes } from './internal-chat.routes.js';
