import { Icon, type IconProps } from '../icons.js';

/** The image editor's and the gallery's icons, drawn inline like the others (decorative). */
export const AnnotateArrowIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 19L19 5M10 5h9v9" />
  </Icon>
);

export const AnnotateCircleIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="8" />
  </Icon>
);

export const UndoIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 14L4 9l5-5" />
    <path d="M4 9h10a6 6 0 010 12h-3" />
  </Icon>
);

export const RotateLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 4v6h6" />
    <path d="M3.5 14a9 9 0 102.1-9.4L3 10" />
  </Icon>
);

export const RotateRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M21 4v6h-6" />
    <path d="M20.5 14a9 9 0 11-2.1-9.4L21 10" />
  </Icon>
);

export const CameraIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 8h3l2-3h6l2 3h3a1 1 0 011 1v10a1 1 0 01-1 1H4a1 1 0 01-1-1V9a1 1 0 011-1z" />
    <circle cx="12" cy="13" r="4" />
  </Icon>
);

export const ChevronLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M15 18l-6-6 6-6" />
  </Icon>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 18l6-6-6-6" />
  </Icon>
);
