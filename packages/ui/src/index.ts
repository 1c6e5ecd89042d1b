export { theme, cssVariablesResolver, storeTheme, themeFor, type AppTheme, type StoreTheme } from './theme.js';
export { UiProvider, useStoreTheme } from './UiProvider.js';
export { AccentBar } from './AccentBar.js';
export { AlertBanner, AlertProvider, useAlerts, type AlertMessage, type AlertType, type AlertsApi } from './alerts.js';
export { DialogsProvider, useDialogs, type DialogsApi } from './dialogs.js';
export {
  ConfirmDialog,
  LoadingModal,
  PromptDialog,
  type ConfirmDialogProps,
  type ConfirmOptions,
  type LoadingModalProps,
  type PromptDialogProps,
  type PromptOptions,
} from './dialog-views.js';
export { LoadingBar, FINISHED_VISIBLE_MS, type LoadingBarProps, type ProgressSource } from './LoadingBar.js';
export { BackButton, type BackButtonProps } from './BackButton.js';
export { Tooltip, type TooltipProps } from './Tooltip.js';
export { OfflineIcon, useOfflineFor } from './OfflineIcon.js';
export { Footer } from './Footer.js';
export { LanguageSelector, type LanguageSelectorProps } from './LanguageSelector.js';
export { Logo, type LogoProps } from './Logo.js';
export { NotFound } from './NotFound.js';
export * from './icons.js';
export { PasswordField } from './PasswordField.js';
export { PasswordRules } from './PasswordRules.js';
export { ImageUpload, isAcceptedImage, type ImageUploadProps } from './ImageUpload.js';
export * from './media/index.js';
export { SignaturePad, type SignaturePadHandle, type SignaturePadProps } from './SignaturePad.js';
export * from './report/index.js';
export { useUnusableCharacters, type UnusableCharactersPrompt } from './UnusableCharacters.js';
