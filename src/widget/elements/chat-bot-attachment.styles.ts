import { css } from 'lit';

export const attachmentStyles = css`
  :host { display: block; }
  img { display: block; max-inline-size: 220px; max-block-size: 220px; border-radius: 10px; }
  audio { display: block; inline-size: 240px; max-inline-size: 100%; }
  .file { font-size: 13px; }
`;
