// Inline SVG icons (no icon font, no request). Decorative by default: the control around them carries the name.
// This file holds only what the first load draws (the navbar's); other screens' icons live beside them
// (page-icons.tsx, features/contact/contact-icons.tsx), so they travel in those screens' lazy chunks.
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

export function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const SearchIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Svg>
);

export const MenuIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);
