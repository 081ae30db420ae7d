/**
 * The announcement bar: HTML from the site configuration. Closing it stores the dismissal with the
 * bar's id; a bar with another id shows again. A returning reader who dismissed it never sees it
 * flash: the script in <head> marks <html> before the first paint and CSS hides the bar.
 */
import { useEffect, useState } from 'react';
import { useSite } from '../lib/site';
import { createStorageSlot, StorageKeys } from '../lib/storage';

export const DISMISSED_ATTRIBUTE = 'data-announcement-bar-initially-dismissed';

export function isAnnouncementDismissed(id: string): boolean {
  const sameId = createStorageSlot(StorageKeys.announcementId).get() === id;
  return sameId && createStorageSlot(StorageKeys.announcementDismissed).get() === 'true';
}

export function AnnouncementBar() {
  const bar = useSite().announcementBar;
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!bar) return;
    if (createStorageSlot(StorageKeys.announcementId).get() !== bar.id) {
      createStorageSlot(StorageKeys.announcementId).set(bar.id);
      createStorageSlot(StorageKeys.announcementDismissed).del();
    }
    setDismissed(isAnnouncementDismissed(bar.id));
  }, [bar]);

  if (!bar || dismissed) return null;
  const close = () => {
    createStorageSlot(StorageKeys.announcementDismissed).set('true');
    document.documentElement.setAttribute(DISMISSED_ATTRIBUTE, 'true');
    setDismissed(true);
  };
  return (
    <div
      className="announcement-bar"
      role="banner"
      aria-label="Announcement"
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      <div className="announcement-bar-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button type="button" className="announcement-bar-close" aria-label="Close" onClick={close}>
          <svg viewBox="0 0 15 15" width="14" height="14" aria-hidden="true">
            <path
              fill="currentColor"
              d="M8.2 7.5l4.6-4.6-.7-.7-4.6 4.6-4.6-4.6-.7.7 4.6 4.6-4.6 4.6.7.7 4.6-4.6 4.6 4.6.7-.7z"
            />
          </svg>
        </button>
      )}
    </div>
  );
}
