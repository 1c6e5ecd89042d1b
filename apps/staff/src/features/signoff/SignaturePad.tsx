// The pad moved to @servicebay/ui: the customer's report page (portal) signs with it too.
export { SignaturePad, type SignaturePadHandle, type SignaturePadProps } from '@servicebay/ui';
