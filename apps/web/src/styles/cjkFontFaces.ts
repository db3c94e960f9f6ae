// Noto Sans SC's faces, as build/cjkFontSlices.ts trims them: a chunk of its own that cjkFont.ts loads only where needed.
import '@fontsource/noto-sans-sc/400.css';
