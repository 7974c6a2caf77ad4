/** The Actions column stays in view at the right edge when a wide table scrolls sideways. */
export const stickyActionsSx = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.25)',
} as const;
