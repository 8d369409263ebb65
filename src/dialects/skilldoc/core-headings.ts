/** The two sections the AgentOS spec requires in the core, under their English and Chinese names. */
export const CORE_SECTIONS = {
  overview: ['overview', '概述', '概览', '简介'],
  interface: ['interface', '接口', '接口说明', '接口定义'],
} as const;

export type CoreSection = keyof typeof CORE_SECTIONS;

/** Which required core section a heading names (`## Overview`, `## 概述`, …), if any. */
export function coreSectionOf(title: string): CoreSection | undefined {
  const t = normalizeTitle(title);
  for (const [name, titles] of Object.entries(CORE_SECTIONS))
    if ((titles as readonly string[]).includes(t)) return name as CoreSection;
  return undefined;
}

/** A heading's text lower-cased, without emoji, punctuation or Markdown marks. */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A part id made from a heading: lower-case letters and digits of any script, joined by hyphens. */
export function slugOf(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
