import { Icon, type IconProps } from '@servicebay/ui';

/** The chat's icons, inline (nothing fetched, CSP-safe); decorative: a text beside or a label names each. */
export const DeliveredIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2 12.5l4.5 4.5L16 7.5M11 16l1 1 9.5-9.5" />
  </Icon>
);
export const PendingIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);
export const FailedIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10.3 3.9L1.8 18a2 2 0 001.7 3h17a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0zM12 9v4M12 17h.01" />
  </Icon>
);
export const ScheduledIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 14.5A8 8 0 019.5 4a8 8 0 1010.5 10.5z" />
  </Icon>
);
export const SearchIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10.5 17a6.5 6.5 0 100-13 6.5 6.5 0 000 13zM20 20l-4.7-4.7" />
  </Icon>
);
export const SendIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M22 2L11 13M22 2l-7 20-4-9-9-4z" />
  </Icon>
);
export const ChatIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M21 12a8 8 0 01-11.6 7.1L4 20l1-4.6A8 8 0 1121 12z" />
  </Icon>
);
export const HistoryIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 12a9 9 0 103-6.7L3 8M3 3v5h5M12 7v5l4 2" />
  </Icon>
);
export const MoreIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 6h.01M12 12h.01M12 18h.01" strokeWidth={3} />
  </Icon>
);
