/** The widget's CSS: every color, the font and the radius come from the theme tokens (--ob-*). */
export const STYLES = `
:host { display: block; }
.ob-root { box-sizing: border-box; font-family: var(--ob-font); color: var(--ob-text); background: var(--ob-background);
  border: 1px solid var(--ob-border); border-radius: var(--ob-radius); padding: 16px; line-height: 1.5; font-size: 16px; }
.ob-root *, .ob-root *::before, .ob-root *::after { box-sizing: border-box; }
.ob-height-fixed { height: 100%; overflow: auto; }
.ob-root:focus-visible, .ob-root :focus-visible { outline: 3px solid var(--ob-primary); outline-offset: 2px; }
h2 { font-size: 1.35em; margin: 0.25em 0 0.5em; }
h2:focus { outline: none; }
h3 { font-size: 1.05em; margin: 0 0 0.25em; }
p { margin: 0.5em 0; }
.ob-header { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 8px; align-items: center; font-size: 0.875em;
  border-bottom: 1px solid var(--ob-border); padding-bottom: 8px; margin-bottom: 8px; }
.ob-brand { font-weight: 600; }
.ob-muted { opacity: 0.85; }
.ob-message:empty { display: none; }
.ob-message { background: var(--ob-surface); border-left: 4px solid var(--ob-primary); padding: 8px 12px; border-radius: var(--ob-radius); }
.ob-error { border-left-color: #b91c1c; }
.ob-list { list-style: none; padding: 0; margin: 0; display: grid; gap: 12px; }
.ob-card { background: var(--ob-surface); border: 1px solid var(--ob-border); border-radius: var(--ob-radius); padding: 12px; }
.ob-button { font: inherit; font-weight: 600; cursor: pointer; background: var(--ob-primary); color: var(--ob-on-primary);
  border: 1px solid var(--ob-primary); border-radius: var(--ob-radius); padding: 8px 16px; min-height: 44px; }
.ob-button.ob-secondary { background: var(--ob-background); color: var(--ob-text); border-color: var(--ob-border); }
.ob-link { font: inherit; background: none; border: none; padding: 4px 0; color: inherit; text-decoration: underline; cursor: pointer; min-height: 32px; }
.ob-back { display: inline-block; margin-bottom: 4px; }
.ob-field { display: flex; flex-direction: column; gap: 4px; margin: 8px 0; }
.ob-field input, .ob-field select { font: inherit; color: var(--ob-text); background: var(--ob-background); border: 1px solid var(--ob-border);
  border-radius: var(--ob-radius); padding: 8px; min-height: 44px; max-width: 100%; }
fieldset { border: 1px solid var(--ob-border); border-radius: var(--ob-radius); margin: 12px 0; padding: 8px 12px; min-width: 0; }
legend { font-weight: 600; padding: 0 4px; }
.ob-choice { display: block; padding: 6px 0; }
.ob-zone { display: flex; align-items: center; gap: 8px; padding: 6px 0; }
.ob-zone-name { flex: 1; }
.ob-swatch { display: inline-block; width: 14px; height: 14px; border-radius: 3px; border: 1px solid var(--ob-border); vertical-align: middle; }
.ob-step { font: inherit; width: 44px; height: 44px; border-radius: var(--ob-radius); border: 1px solid var(--ob-border);
  background: var(--ob-background); color: var(--ob-text); cursor: pointer; }
.ob-step:disabled { opacity: 0.5; cursor: not-allowed; }
output { min-width: 2ch; text-align: center; font-weight: 600; }
.ob-map { overflow-x: auto; }
.ob-stage { text-align: center; background: var(--ob-surface); border-radius: var(--ob-radius); padding: 4px; font-size: 0.875em; }
.ob-sector { border-color: var(--ob-zone); width: max-content; min-width: 100%; }
.ob-row { display: flex; gap: 4px; align-items: center; margin: 4px 0; }
.ob-row-name { width: 2ch; font-size: 0.75em; text-align: right; }
.ob-seat { font: inherit; font-size: 0.75em; width: 28px; height: 28px; padding: 0; flex: none; cursor: pointer; border-radius: 50% 50% 4px 4px;
  background: #ffffff; color: #1f2937; border: 3px solid var(--ob-zone, #6b7280); }
.ob-seat.ob-selected { background: var(--ob-primary); color: var(--ob-on-primary); border-color: var(--ob-primary); }
.ob-seat.ob-taken { background: #d1d5db; color: #374151; border-color: #9ca3af; cursor: not-allowed;
  background-image: repeating-linear-gradient(45deg, transparent 0 3px, rgba(0,0,0,0.18) 3px 5px); }
.ob-seat:disabled:not(.ob-taken) { cursor: not-allowed; opacity: 0.6; }
.ob-key { display: inline-block; width: 16px; height: 16px; vertical-align: middle; cursor: default; }
.ob-legend { font-size: 0.875em; }
.ob-ticket { display: grid; grid-template-columns: 1fr auto; gap: 8px; align-items: end; }
.ob-ticket .ob-field { margin: 0; }
.ob-promo { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
.ob-promo .ob-field { flex: 1; min-width: 12em; margin: 0; }
.ob-total { display: grid; grid-template-columns: 1fr auto; gap: 4px 12px; background: var(--ob-surface); padding: 12px; border-radius: var(--ob-radius); }
.ob-total dd { margin: 0; text-align: right; }
.ob-timer strong { font-variant-numeric: tabular-nums; }
.ob-notice { background: var(--ob-surface); padding: 12px; border-radius: var(--ob-radius); }
@media (max-width: 480px) { .ob-root { padding: 12px; } .ob-ticket { grid-template-columns: 1fr; } }
`;
