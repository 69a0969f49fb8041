/**
 * Simple line drawings for the categories' `icon` names (seed-categories.ts), drawn as SVG paths:
 * no icon font, a few hundred bytes. An unknown name gets a generic tag.
 */
const DRAWINGS: Readonly<Record<string, string>> = {
  car: 'M5 16h14M3 16v-4l2-5h14l2 5v4M3 16v2h3v-2M18 16v2h3v-2M7 13h.01M17 13h.01',
  motorcycle: 'M5 18a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 18a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM5 15l5-5h4l5 5M13 10l2-4h3',
  wheel: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 3v6M12 15v6M3 12h6M15 12h6',
  building: 'M4 21V4h10v17M14 9h6v12M2 21h20M7 8h1M10 8h1M7 12h1M10 12h1M7 16h1M10 16h1',
  house: 'M3 11l9-7 9 7M5 10v11h14V10M10 21v-6h4v6',
  phone: 'M7 2h10v20H7zM11 18h2',
  laptop: 'M5 5h14v10H5zM2 19h20',
  tv: 'M3 6h18v12H3zM8 21h8M9 2l3 4 3-4',
  camera: 'M3 7h4l2-3h6l2 3h4v13H3zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  gamepad: 'M6 8h12a4 4 0 0 1 4 4v2a4 4 0 0 1-7 2H9a4 4 0 0 1-7-2v-2a4 4 0 0 1 4-4zM7 11v4M5 13h4M16 12h.01M18 14h.01',
  sofa: 'M4 11V7h16v4M2 11h4v4h12v-4h4v7H2zM4 18v2M20 18v2',
  fridge: 'M6 2h12v20H6zM6 9h12M9 5v2M9 12v4',
  plant: 'M12 21v-9M12 12c0-4 3-7 7-7 0 4-3 7-7 7zM12 15c0-3-2-5-5-5 0 3 2 5 5 5zM8 21h8',
  shirt: 'M8 3l-5 3 2 5 3-1v11h8V10l3 1 2-5-5-3c0 2-2 3-4 3S8 5 8 3z',
  dress: 'M9 2h6l-1 6 5 14H5l5-14z',
  shoe: 'M2 17v-6l5-1 3 3h6l6 2v2zM2 20h20',
  bag: 'M4 8h16l-1 13H5zM9 8V6a3 3 0 0 1 6 0v2',
  watch: 'M12 18a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM12 9v3l2 1M9 6l1-4h4l1 4M9 18l1 4h4l1-4',
  bicycle: 'M5 18a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 18a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM5 15l4-7h7l3 7M9 8l3 7 4-7M8 5h3',
  dumbbell: 'M6 6v12M18 6v12M3 9v6M21 9v6M6 12h12',
  tent: 'M12 3L2 21h20zM12 3v18M8 21l4-7 4 7',
  teddy:
    'M12 21a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM12 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM7 5a2 2 0 1 0 0 .01M17 5a2 2 0 1 0 0 .01',
  stroller:
    'M4 6h8v7H4zM12 6a7 7 0 0 1 7 7H4M7 20a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 20a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM19 13l2-6',
  book: 'M4 4h7a2 2 0 0 1 2 2v15a2 2 0 0 0-2-2H4zM20 4h-5a2 2 0 0 0-2 2v15a2 2 0 0 1 2-2h5z',
};
const TAG = 'M3 12l9-9h9v9l-9 9zM16 8h.01';

/** A category's drawing, decorative: the category's name beside it says what it is. */
export function CategoryIcon({ name, className }: { name: string; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={DRAWINGS[name] ?? TAG} />
    </svg>
  );
}
