/** What the preview page's messages to its parent carry in `source` (preview.ts, WidgetPreview.tsx). */
export const PREVIEW_MESSAGE = 'onebox-widget-preview';
