import type { Decorator, Preview } from "@storybook/react-vite";
import { useLayoutEffect } from "react";

/**
 * The workbench's toolbar: theme, text direction and motion, switchable on any
 * story from the toolbar and settable per story (`globals: { theme: "dark" }`).
 * They are applied where the app applies them: attributes on <html> that the
 * design tokens (src/styles/tokens.css) respond to.
 */
export const globalTypes: Preview["globalTypes"] = {
  theme: {
    description: "Colour theme",
    toolbar: {
      title: "Theme",
      dynamicTitle: true,
      items: [
        { value: "light", title: "Light theme" },
        { value: "dark", title: "Dark theme" },
      ],
    },
  },
  direction: {
    description: "Text direction",
    toolbar: {
      title: "Direction",
      dynamicTitle: true,
      items: [
        { value: "ltr", title: "Left to right" },
        { value: "rtl", title: "Right to left" },
      ],
    },
  },
  motion: {
    description: "Motion",
    toolbar: {
      title: "Motion",
      dynamicTitle: true,
      items: [
        { value: "full", title: "Full motion" },
        { value: "reduced", title: "Reduced motion" },
      ],
    },
  },
};

export const initialGlobals: Preview["initialGlobals"] = { theme: "light", direction: "ltr", motion: "full" };

/** Viewport presets for the toolbar's viewport menu (core Storybook). */
export const viewportOptions = {
  phone: { name: "Phone", styles: { width: "375px", height: "667px" }, type: "mobile" as const },
  tablet: { name: "Tablet", styles: { width: "768px", height: "1024px" }, type: "tablet" as const },
  desktop: { name: "Desktop", styles: { width: "1280px", height: "800px" }, type: "desktop" as const },
};

function ApplyGlobals({ theme, direction, motion }: { theme: string; direction: string; motion: string }) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.dataset.motion = motion;
    root.dir = direction;
  }, [theme, direction, motion]);
  return null;
}

export const withWorkbenchGlobals: Decorator = (Story, context) => {
  const { theme = "light", direction = "ltr", motion = "full" } = context.globals as Record<string, string | undefined>;
  return (
    <>
      <ApplyGlobals theme={theme} direction={direction} motion={motion} />
      <Story />
    </>
  );
};
